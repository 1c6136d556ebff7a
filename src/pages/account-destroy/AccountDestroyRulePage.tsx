import { useMemo } from 'react';
import { safeHtml } from '../../app/sanitize.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import './account-destroy.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/** /accountdestoryrule: the cancellation agreement, served by the server as site content, sanitised. */

export default function AccountDestroyRulePage() {
  const rule = useRemoteData('cancelRule', calls.accountCancel.getCancelRule);
  const html = useMemo(() => (rule.data ? safeHtml(rule.data.content) : ''), [rule.data]);
  return (
    <div className="page cancel">
      <PageHeader title="账号注销协议" />
      {rule.failed ? (
        <LoadFailed message={rule.error} onRetry={rule.retry} />
      ) : !rule.data ? (
        <div className="cancel-loading skeleton" aria-busy="true" aria-label="加载中" />
      ) : (
        <article>
          <h2 className="cancel-rule__title">{rule.data.title}</h2>
          <section className="cancel-rule" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
    </div>
  );
}
