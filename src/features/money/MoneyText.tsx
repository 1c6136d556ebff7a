import { useMemo } from 'react';
import { sanitizeHtml } from '../../app/sanitize.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { decodeMoneyText, formatDay } from './money-data.ts';
import './money.css';

export type MoneyTextKey = 'topup_guide' | 'money_instruction' | 'coupon_instruction';

/** A text page of the money services (getMoneyText): the server's HTML, sanitised before it renders. */
export function MoneyText({ textKey, title }: { textKey: MoneyTextKey; title: string }) {
  const navigate = useNavigate();
  const text = useRemoteData<unknown>(`moneyText.${textKey}`, '/api/down/getMoneyText', { key: textKey });
  const decoded = useMemo(() => decodeMoneyText(text.data), [text.data]);
  const html = useMemo(() => (decoded ? sanitizeHtml(decoded.content) : ''), [decoded]);
  return (
    <div className="money-page">
      <PageHeader title={decoded?.title || title} onBack={() => navigate('back')} />
      {text.failed ? (
        <LoadFailed message={text.error} onRetry={text.retry} />
      ) : text.loading ? (
        <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />
      ) : decoded ? (
        <article className="money-text" aria-label={decoded.title || title}>
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
