import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/routes.ts';
import { PRIVACY_POLICY_CALL } from '../../app/privacy-consent.ts';
import { safeHtml } from '../../app/sanitize.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import './user-rule.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * /userrule: the user agreement, the privacy policy and the third-party SDK list, as
 * the server has them (agreeH5, userPrivacyH5, sdkListDesc), sanitised before rendering, as three
 * tabs. Route data `{ tab: 'agreement' | 'privacy' | 'sdk' }` picks the one that opens.
 */

const DOCUMENTS = [
  { key: 'agreement', label: '用户协议', path: calls.down.agreeH5 },
  { key: 'privacy', label: '隐私政策', path: PRIVACY_POLICY_CALL },
  { key: 'sdk', label: '第三方SDK目录', path: calls.documents.sdkListDesc },
] as const;

export type UserRuleTab = (typeof DOCUMENTS)[number]['key'];

export function tabOf(data: PageProps['data']): UserRuleTab {
  const tab = data?.tab;
  return DOCUMENTS.some((doc) => doc.key === tab) ? (tab as UserRuleTab) : 'agreement';
}

function Document({ doc }: { doc: (typeof DOCUMENTS)[number] }) {
  const remote = useRemoteData(`userRule-${doc.key}`, doc.path);
  const html = useMemo(() => (typeof remote.data?.content === 'string' ? safeHtml(remote.data.content) : null), [remote.data]);
  if (remote.failed || (!remote.loading && html === null)) return <LoadFailed message={remote.error ?? '服务器返回数据异常'} onRetry={remote.failed ? remote.retry : remote.refresh} />;
  if (remote.loading || html === null) {
    return (
      <div className="user-rule__loading" aria-busy="true" aria-label="加载中">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
      </div>
    );
  }
  const title = typeof remote.data?.title === 'string' && remote.data.title ? remote.data.title : doc.label;
  return (
    <article className="user-rule__article" aria-label={title}>
      <h2 className="user-rule__title">{title}</h2>
      <div className="user-rule__body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export default function UserRulePage({ data }: PageProps) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<UserRuleTab>(() => tabOf(data));
  const current = DOCUMENTS.find((doc) => doc.key === tab)!;
  return (
    <div className="page user-rule">
      <PageHeader title="用户协议与隐私政策" onBack={() => navigate('back')} />
      <Tabs tabs={DOCUMENTS.map((doc) => ({ key: doc.key, label: doc.label }))} value={tab} onChange={setTab} label="协议与政策" panelId="user-rule-panel" />
      <div className="user-rule__panel" id="user-rule-panel" role="tabpanel" aria-labelledby={`user-rule-panel-tab-${tab}`}>
        <Document doc={current} />
      </div>
    </div>
  );
}
