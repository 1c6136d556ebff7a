import { useMemo } from 'react';
import { safeHtml } from '../../app/sanitize.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDay } from './money-data.ts';
import './money.css';
import * as walletCalls from '../../../api/protocol/calls/wallet.ts';
import type { businessRule, trunkNeedKnow } from '../../../api/protocol/calls/trade.ts';
import type { PayloadOf } from '../../../api/typed-call.ts';

/** The declarations of the calls that answer a site text (title, HTML content, updated_at): request() decodes it. */
type SiteTextCall = typeof walletCalls.getMoneyText | typeof trunkNeedKnow | typeof businessRule;

export type MoneyTextKey = 'topup_guide' | 'money_instruction' | 'coupon_instruction';

/**
 * A page of one server text (a call answering { title, content (HTML), updated_at }): the HTML
 * sanitised before it renders. The money texts (getMoneyText), 出售须知 (trunkNeedKnow) and 交易须知
 * (businessRule) are each one of these.
 */
export function SiteTextPage({ dataId, call, payload, title, className = 'money-text' }: { dataId: string; call: SiteTextCall; payload?: PayloadOf<SiteTextCall>; title: string; className?: string }) {
  const navigate = useNavigate();
  const text = useRemoteData(dataId, call, payload);
  const decoded = text.data;
  const html = useMemo(() => (decoded ? safeHtml(decoded.content) : ''), [decoded]);
  return (
    <div className="money-page">
      <PageHeader title={decoded?.title || title} onBack={() => navigate('back')} />
      {text.failed ? (
        <LoadFailed message={text.error} onRetry={text.retry} />
      ) : text.loading ? (
        <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />
      ) : decoded ? (
        <article className={className} aria-label={decoded.title || title}>
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

/** A text page of the money services (getMoneyText). */
export function MoneyText({ textKey, title }: { textKey: MoneyTextKey; title: string }) {
  return <SiteTextPage dataId={`moneyText.${textKey}`} call={walletCalls.getMoneyText} payload={{ key: textKey }} title={title} />;
}
