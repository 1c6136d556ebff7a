import { useMemo } from 'react';
import type { PageProps } from '../../app/routes.ts';
import { sanitizeHtml } from '../../app/sanitize.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDay } from '../../features/money/money-data.ts';
import { decodeSiteText } from '../../features/trade-buy/trade-data.ts';
import '../../features/money/money.css';

/** /tradeinstruction: 《交易须知》 from the server (businessRule), its HTML sanitised before it renders. */
export default function TradeInstructionPage(_: PageProps) {
  const navigate = useNavigate();
  const text = useRemoteData<unknown>('businessRule', '/api/down/businessRule');
  const decoded = useMemo(() => decodeSiteText(text.data), [text.data]);
  const html = useMemo(() => (decoded ? sanitizeHtml(decoded.content) : ''), [decoded]);
  return (
    <div className="money-page">
      <PageHeader title={decoded?.title || '交易须知'} onBack={() => navigate('back')} />
      {text.failed ? (
        <LoadFailed message={text.error} onRetry={text.retry} />
      ) : text.loading || text.data === null ? (
        <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />
      ) : decoded ? (
        <article className="money-text" aria-label={decoded.title || '交易须知'}>
          {/* sanitised above (src/app/sanitize.ts) */}
          <div dangerouslySetInnerHTML={{ __html: html }} />
          {decoded.updated_at && <p className="money-text__updated">更新于 {formatDay(decoded.updated_at)}</p>}
        </article>
      ) : (
        <LoadFailed message="内容加载失败" onRetry={text.refresh} />
      )}
    </div>
  );
}
