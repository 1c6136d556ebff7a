import * as v from 'valibot';
import { answer, defineCall } from '../call-spec.ts';

/** /userrule's third document (after the agreement and the privacy policy: the third-party SDK list). */

export const SdkListEntry = v.object({
  name: v.string(),
  company: v.string(),
  purpose: v.string(),
  data: v.string(),
  policy_url: v.string(),
});
export type SdkListEntry = v.InferOutput<typeof SdkListEntry>;

export const sdkListDesc = defineCall({
  path: '/api/down/sdkListDesc',
  auth: 'none',
  summary: '第三方SDK目录：每个SDK的服务商、使用目的、收集的信息和隐私政策链接',
  fields: {},
  answer: answer(v.object({
    title: v.string(),
    content: v.string(),
    list: v.array(SdkListEntry),
    updated_at: v.string(),
  }), '{ title, content (HTML), list: [{ name, company, purpose, data, policy_url }], updated_at }'),
});
