import { useCallback, useState } from 'react';
import { request } from '../../../api/typed-call.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import type { LevelCoupon } from '../../../api/protocol/calls/wallet.ts';
import { Link } from '../../app/Link.tsx';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { COUPON_SOURCE_LABEL, formatDay } from '../../features/money/money-data.ts';
import * as couponCalls from '../../../api/protocol/calls/coupon.ts';
import type { MyCoupon } from '../../../api/protocol/calls/coupon.ts';
import { MoneySection, useMoneyAction } from '../../features/money/money-parts.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';
import * as walletCalls from '../../../api/protocol/calls/wallet.ts';

/**
 * /mycoupon (我的优惠券): 可使用 / 已使用 / 已过期 (myCouponList status 1/2/3; a card's or an
 * activity's coupon carries its source), each with amount, condition, scope and expiry; 去使用
 * opens the game top-up. 等级券: the monthly level coupons (getCouponActivity / changeLevelCoupon).
 */

type Tab = 'usable' | 'used' | 'expired' | 'level';
const TABS = [
  { key: 'usable', label: '可使用' },
  { key: 'used', label: '已使用' },
  { key: 'expired', label: '已过期' },
  { key: 'level', label: '等级券' },
] as const;
const STATUS = { usable: 1, used: 2, expired: 3 } as const;
const EMPTY = { usable: '暂无可使用的优惠券', used: '暂无已使用的优惠券', expired: '暂无已过期的优惠券' } as const;
const COUPON_ROW_HEIGHT = 112;

export default function MyCouponPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('usable');
  return (
    <div className="money-page">
      <PageHeader title="我的优惠券" onBack={() => navigate('back')} />
      <Link className="money-header-link" to="/couponinstruction">
        使用说明
      </Link>
      <Tabs sticky tabs={TABS} value={tab} onChange={setTab} label="优惠券状态" />
      {tab === 'level' ? <LevelCoupons /> : <Coupons status={tab} />}
    </div>
  );
}

function Coupons({ status }: { status: 'usable' | 'used' | 'expired' }) {
  const navigate = useNavigate();
  const list = usePagedCall(`myCoupons`, couponCalls.myCouponList, { status: STATUS[status] });
  return (
    <PagedListView
      list={list}
      rowHeight={COUPON_ROW_HEIGHT}
      label="优惠券"
      emptyMessage={EMPTY[status]}
      getKey={(coupon) => String(coupon.id)}
      renderRow={(coupon) => <CouponTicket coupon={coupon} onUse={() => navigate('/autorecharge')} />}
    />
  );
}

export function CouponTicket({ coupon, onUse }: { coupon: MyCoupon; onUse: () => void }) {
  const usable = coupon.status === 1;
  const source = COUPON_SOURCE_LABEL[coupon.source];
  return (
    <div className="coupon-row" data-testid={`my-coupon-${coupon.id}`}>
      <article className={`coupon-ticket${usable ? '' : ' coupon-ticket--off'}`} aria-label={coupon.name}>
        <div className="coupon-ticket__amount">
          <strong>
            <small>¥</small>
            {formatYuan(coupon.amount_cents)}
          </strong>
          <span>{coupon.condition_text}</span>
        </div>
        <div className="coupon-ticket__main">
          <h3 className="coupon-ticket__name">{coupon.name}</h3>
          <p className="coupon-ticket__meta">适用：{coupon.game_name || '全平台通用'}</p>
          <p className="coupon-ticket__meta">{coupon.status === 2 && coupon.used_at ? `使用于 ${formatDay(coupon.used_at)}` : `有效期至 ${formatDay(coupon.expires_at)}`}</p>
          {source && <span className="coupon-ticket__source">{source}</span>}
        </div>
        <div className="coupon-ticket__side">
          {usable ? (
            <button type="button" className="money-button" onClick={onUse}>
              去使用
            </button>
          ) : (
            <span className="coupon-ticket__stamp">{coupon.status_text || (coupon.status === 2 ? '已使用' : '已过期')}</span>
          )}
        </div>
      </article>
    </div>
  );
}

function LevelCoupons() {
  const activity = useRemoteData('couponActivity', walletCalls.getCouponActivity);
  const data = activity.data;
  if (activity.failed) return <LoadFailed message={activity.error} onRetry={activity.retry} />;
  if (activity.loading || !data) return activity.loading ? <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" /> : <LoadFailed message="加载失败" onRetry={activity.refresh} />;
  return (
    <>
      <section className="level-head" aria-label="我的等级">
        <p className="level-head__level">VIP{data.level}</p>
        <p className="level-head__meta">累计充值 ¥{formatYuan(data.total_paid_cents)}</p>
        <p className="level-head__meta">{data.next_level_cents === null ? '已达最高等级' : `再充值 ¥${formatYuan(Math.max(0, data.next_level_cents - data.total_paid_cents))} 升级`}</p>
      </section>
      <MoneySection title="等级券" label="等级券列表" extra={<span className="money-muted">每月每级可领一张</span>}>
        {data.coupons.length === 0 ? (
          <p className="money-muted">暂无等级券</p>
        ) : (
          <ul className="level-list">
            {data.coupons.map((coupon) => (
              <LevelCouponRow key={coupon.level} coupon={coupon} onDone={activity.refresh} />
            ))}
          </ul>
        )}
      </MoneySection>
    </>
  );
}

/** The label of a level coupon's button: 领取, or why not. */
export function levelCouponState(coupon: Pick<LevelCoupon, 'claimed' | 'can_claim'>): { label: string; enabled: boolean } {
  if (coupon.claimed) return { label: '本月已领取', enabled: false };
  if (!coupon.can_claim) return { label: '等级不足', enabled: false };
  return { label: '领取', enabled: true };
}

function LevelCouponRow({ coupon, onDone }: { coupon: LevelCoupon; onDone: () => void }) {
  const runtime = useRuntime();
  const run = useCallback(() => request(runtime.api, calls.wallet.changeLevelCoupon, { level: coupon.level }), [runtime, coupon.level]);
  const success = useCallback(() => '领取成功', []);
  const claim = useMoneyAction(run, success, onDone);
  const state = levelCouponState(coupon);
  return (
    <li>
      <article className="coupon-ticket" aria-label={`VIP${coupon.level} ${coupon.name}`}>
        <div className="coupon-ticket__amount">
          <strong>
            <small>¥</small>
            {formatYuan(coupon.amount_cents)}
          </strong>
          <span>{coupon.threshold_cents > 0 ? `满${formatYuan(coupon.threshold_cents)}元可用` : '无门槛'}</span>
        </div>
        <div className="coupon-ticket__main">
          <h3 className="coupon-ticket__name">{coupon.name}</h3>
          <p className="coupon-ticket__meta">VIP{coupon.level} 专享</p>
        </div>
        <div className="coupon-ticket__side">
          <button type="button" className="money-button" disabled={!state.enabled || claim.busy} onClick={() => void claim.act()}>
            {claim.busy ? '领取中' : state.label}
          </button>
        </div>
      </article>
    </li>
  );
}
