import { useCallback } from 'react';
import type { StoreItemView } from '../../../api/protocol/calls/store.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { STORE_STATE_TEXT } from '../../../api/protocol/store.ts';
import { Link } from '../../app/Link.tsx';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatShortTime } from '../../features/money/money-data.ts';
import { MoneyGlyph, type MoneyIcon } from '../../features/money/money-parts.tsx';
import { useStoreRedeem } from '../../features/store/use-store-redeem.ts';
import '../../features/money/money.css';
import { RedeemSheet } from './RedeemSheet.tsx';
import './coin-store.css';
import { EmptyState } from '../../components/list/ListStates.tsx';
import * as storeCalls from '../../../api/protocol/calls/store.ts';

/**
 * /coinstore (积分商城, needs login): the points balance, the items (price, stock, limit and
 * validity: 已兑完 / 未开始 / 已结束 / 已达上限), a confirm sheet and the result, driven by the
 * store-redeem statechart. The list and the balance reload after a redemption.
 */
export default function CoinStorePage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const store = useRemoteData('storeItems', storeCalls.getStoreItems);
  const decoded = store.data;
  const { refresh } = store;
  const redeem = useStoreRedeem(useCallback(() => refresh(), [refresh]));
  return (
    <div className="money-page coin-store">
      <PageHeader title="积分商城" onBack={() => navigate('back')} />
      <Link className="money-header-link" to="/sealrecord">
        兑换记录
      </Link>
      <PointsCard points={decoded?.points ?? null} signedIn={signedIn} loading={store.loading} />
      {store.failed ? (
        <LoadFailed message={store.error} onRetry={store.retry} />
      ) : (
        <ItemGrid items={decoded?.list ?? []} loading={store.loading && !decoded} signedIn={signedIn} onRedeem={redeem.start} />
      )}
      {redeem.open && <RedeemSheet redeem={redeem} balance={decoded?.points ?? null} />}
    </div>
  );
}

function PointsCard({ points, signedIn, loading }: { points: number | null; signedIn: boolean; loading: boolean }) {
  const runtime = useRuntime();
  return (
    <section className="store-points" aria-label="我的积分" aria-busy={loading}>
      <div>
        <span className="store-points__label">我的积分</span>
        <strong className="store-points__value" data-testid="store-points">
          {signedIn ? (points ?? '--') : '--'}
        </strong>
      </div>
      {signedIn ? (
        <Link className="store-points__earn" to="/dailymission">
          赚积分
        </Link>
      ) : (
        <button type="button" className="store-points__earn" onClick={() => runtime.openLogin()}>
          登录
        </button>
      )}
    </section>
  );
}

/** 每人限兑2次 · 已兑1次 / 11-28 10:00 开始 / 剩余 300. */
export function itemTerms(item: StoreItemView): string[] {
  const lines: string[] = [];
  if (item.state === 'not_started' && item.valid_from) lines.push(`${formatShortTime(item.valid_from).slice(5)} 开始`);
  else if (item.valid_to && item.state !== 'ended') lines.push(`${formatShortTime(item.valid_to).slice(5)} 结束`);
  lines.push(`剩余 ${item.stock}`);
  if (item.per_user_limit !== null) lines.push(`每人限兑${item.per_user_limit}次${item.redeemed > 0 ? ` · 已兑${item.redeemed}次` : ''}`);
  return lines;
}

/** What one redemption gives, in words. */
export function itemGives(item: StoreItemView): string {
  if (item.kind === 'coins' && item.coins_cents) return `${formatYuan(item.coins_cents)}乐玩币`;
  if (item.kind === 'coupon' && item.coupon) return item.coupon.threshold_cents > 0 ? `${formatYuan(item.coupon.amount_cents)}元券 满${formatYuan(item.coupon.threshold_cents)}可用` : `${formatYuan(item.coupon.amount_cents)}元无门槛券`;
  if (item.kind === 'gift_code' && item.gift) return `${item.gift.game_name} 礼包码`;
  return '';
}

const KIND_GLYPH: Record<StoreItemView['kind'], MoneyIcon> = { coupon: 'coupon', coins: 'coin', gift_code: 'gift' };

function ItemGrid({ items, loading, signedIn, onRedeem }: { items: StoreItemView[]; loading: boolean; signedIn: boolean; onRedeem: (item: { id: number; title: string; points_price: number }) => void }) {
  const runtime = useRuntime();
  if (loading) return <p className="store-empty">加载中…</p>;
  if (items.length === 0) return <EmptyState message="商品正在补货，敬请期待" />;
  return (
    <ul className="store-grid" aria-label="商品">
      {items.map((item) => (
        <li key={item.id} className="store-item" data-state={item.state} aria-label={item.title}>
          {item.image ? (
            <img className="store-item__image" src={item.image} alt="" width={64} height={64} loading="lazy" />
          ) : (
            <span className="store-item__image store-item__glyph" data-kind={item.kind}>
              <MoneyGlyph icon={KIND_GLYPH[item.kind]} />
            </span>
          )}
          <p className="store-item__title">{item.title}</p>
          <p className="store-item__gives">{itemGives(item)}</p>
          <p className="store-item__price">
            <strong>{item.points_price}</strong> 积分
          </p>
          {itemTerms(item).map((line) => (
            <p key={line} className="store-item__terms">
              {line}
            </p>
          ))}
          <button
            type="button"
            className="money-button store-item__button"
            disabled={item.state !== 'available'}
            onClick={() => (signedIn ? onRedeem({ id: item.id, title: item.title, points_price: item.points_price }) : runtime.openLogin())}
          >
            {item.state === 'available' ? '兑换' : STORE_STATE_TEXT[item.state]}
          </button>
        </li>
      ))}
    </ul>
  );
}
