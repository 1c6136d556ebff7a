import { useMemo } from 'react';
import { sanitizeHtml } from '../../app/sanitize.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { decodeMoneyText, formatDay } from '../../features/money/money-data.ts';
import '../../features/money/money.css';
import '../../features/trade-sell/trade-sell.css';

/** /sellinstruct (出售须知): trunkNeedKnow's HTML, sanitised before it renders (as /moneyinstruction). */
export default function SellInstructPage() {
  const navigate = useNavigate();
  const text = useRemoteData<unknown>('trunkNeedKnow', '/api/down/trunkNeedKnow');
  const decoded = useMemo(() => decodeMoneyText(text.data), [text.data]);
  const html = useMemo(() => (decoded ? sanitizeHtml(decoded.content) : ''), [decoded]);
  return (
    <div className="money-page">
      <PageHeader title={decoded?.title || '出售须知'} onBack={() => navigate('back')} />
      {text.failed ? (
        <LoadFailed message={text.error} onRetry={text.retry} />
      ) : text.loading ? (
        <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />
      ) : decoded ? (
        <article className="ts-text" aria-label={decoded.title || '出售须知'}>
          {/* sanitised above (src/app/sanitize.ts) */}
          <div dangerouslySetInnerHTML={{ __html: html }} />
          {decoded.updated_at && <p className="money-muted">更新于 {formatDay(decoded.updated_at)}</p>}
        </article>
      ) : (
        <LoadFailed message="内容加载失败" onRetry={text.refresh} />
      )}
    </div>
  );
}
