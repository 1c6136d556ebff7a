import { formatYuan } from '../../../api/protocol/money.ts';
import { Link } from '../../app/Link.tsx';
import type { StoreRedeem } from '../../features/store/use-store-redeem.ts';
import { copyWithToast } from '../../app/clipboard.ts';
import { Sheet } from '../../components/Sheet.tsx';

/**
 * The redemption sheet: confirm (price, balance, balance after), then the result — the gift code
 * with 复制, the coupon (→ /mycoupon), the 乐玩币 (→ /mylewancoin) — or the refusal (积分不足 offers
 * 去赚积分), or the failure with 重试 (the same request id).
 */
export function RedeemSheet({ redeem, balance }: { redeem: StoreRedeem; balance: number | null }) {
  const { item, phase, record } = redeem;
  if (!item) return null;
  const busy = phase === 'redeeming';
  return (
    // While redeeming, the mask and Escape wait for the answer.
    <Sheet open onClose={busy ? () => {} : redeem.close} label={phase === 'done' ? '兑换成功' : '确认兑换'} className="store-sheet__panel">
      <h2 className="store-sheet__title">{item.title}</h2>
      {(phase === 'confirming' || phase === 'redeeming') && (
        <>
          <p className="store-sheet__line">
            需要 <strong>{item.points_price}</strong> 积分
          </p>
          {balance !== null && (
            <p className="store-sheet__hint">
              当前积分 {balance}
              {balance >= item.points_price ? `，兑换后剩余 ${balance - item.points_price}` : ''}
            </p>
          )}
          <button type="button" className="store-sheet__copy" disabled={busy} aria-busy={busy} onClick={redeem.confirm}>
            {busy ? '兑换中…' : '确认兑换'}
          </button>
          <button type="button" className="store-sheet__close" disabled={busy} onClick={redeem.close}>
            取消
          </button>
        </>
      )}
      {phase === 'done' && record && (
        <>
          <p className="store-sheet__line store-sheet__line--ok" role="status">
            兑换成功，消耗 {record.points_paid} 积分{redeem.points !== null ? `，剩余 ${redeem.points}` : ''}
          </p>
          {record.gift_code && (
            <>
              <p className="store-sheet__hint">礼包码</p>
              <output className="store-sheet__code" data-testid="store-gift-code">
                {record.gift_code}
              </output>
              <button type="button" className="store-sheet__copy" onClick={() => void copyWithToast(record.gift_code!)}>
                复制
              </button>
            </>
          )}
          {record.coupon && (
            <Link className="store-sheet__copy store-sheet__link" to="/mycoupon">
              {record.coupon.name}已放入优惠券，去查看
            </Link>
          )}
          {record.coins_cents !== null && (
            <Link className="store-sheet__copy store-sheet__link" to="/mylewancoin">
              {formatYuan(record.coins_cents)}乐玩币已到账，去查看
            </Link>
          )}
          <Link className="store-sheet__close store-sheet__link" to="/sealrecord">
            查看兑换记录
          </Link>
          <button type="button" className="store-sheet__close" onClick={redeem.close}>
            关闭
          </button>
        </>
      )}
      {phase === 'refused' && (
        <>
          <p className="store-sheet__line store-sheet__line--bad" role="alert">
            {redeem.message}
          </p>
          {redeem.reason === 'points' && (
            <Link className="store-sheet__copy store-sheet__link" to="/dailymission">
              去赚积分
            </Link>
          )}
          <button type="button" className="store-sheet__close" onClick={redeem.close}>
            关闭
          </button>
        </>
      )}
      {phase === 'failed' && (
        <>
          <p className="store-sheet__line store-sheet__line--bad" role="alert">
            {redeem.message}
          </p>
          <button type="button" className="store-sheet__copy" onClick={redeem.retry}>
            重试
          </button>
          <button type="button" className="store-sheet__close" onClick={redeem.close}>
            关闭
          </button>
        </>
      )}
    </Sheet>
  );
}
