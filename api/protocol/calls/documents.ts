import { answer, defineCall } from '../call-spec.ts';

/** /userrule's third document (after the agreement and the privacy policy: the third-party SDK list). */

export interface SdkListEntry {
  name: string;
  company: string;
  purpose: string;
  data: string;
  policy_url: string;
}

export const sdkListDesc = defineCall({
  path: '/api/down/sdkListDesc',
  auth: 'none',
  summary: '第三方SDK目录：每个SDK的服务商、使用目的、收集的信息和隐私政策链接',
  fields: {},
  answer: answer<{ title: string; content: string; list: SdkListEntry[]; updated_at: string }>('{ title, content (HTML), list: [{ name, company, purpose, data, policy_url }], updated_at }'),
});
