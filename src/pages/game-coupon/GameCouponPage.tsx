import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { gameIdsOf } from '../../components/game/game-ids.ts';
import { MissingGame } from '../../components/game/MissingGame.tsx';
import { useClaim } from '../../features/games/use-claim.ts';
import { claimInputOf, listedClaimState } from '../../../machines/gift-claim.connect.ts';
import { btClaimState, type GameCoupon } from './coupon-list.ts';
import { getCouponList } from '../../../api/protocol/calls/coupon.ts';
import '../game-gift/game-gift.css';
import './game-coupon.css';
import { EmptyState } from '../../components/list/ListStates.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** /gamecoupon: the game's coupons ('领取' each) and its BT coupons ('一键领取'). */

const COUPON_PAGE_LIMIT = 50;

function CouponCard({ coupon, claimButton }: { coupon: GameCoupon; claimButton?: React.ReactNode }) {
  return (
    <li className="coupon-card" data-testid={`coupon-${coupon.coupon_id}`}>
      <div className="coupon-card__amount">
        <strong>¥{coupon.amount}</strong>
        <span>{coupon.condition_text}</span>
      </div>
      <div className="coupon-card__main">
        <h3 className="coupon-card__name">{coupon.name}</h3>
        <p className="coupon-card__meta">
          领取后 {coupon.valid_days} 天内有效 ·{' '}
          <span className="coupon-card__left">
            剩余 <span className="coupon-card__count">{coupon.remaining}/{coupon.total}</span>
          </span>
        </p>
      </div>
      {claimButton}
    </li>
  );
}

/** A claim's answer carries no count: the list is asked again (onClaimed), so 剩余 follows without a reload. */
function CouponRow({ coupon, onClaimed }: { coupon: GameCoupon; onClaimed: () => void }) {
  const claim = useClaim('coupon', calls.coupon.receiveCoupon, { coupon_id: coupon.coupon_id }, claimInputOf({ claimed: coupon.received, remaining: coupon.remaining }), onClaimed);
  return (
    <CouponCard
      coupon={coupon}
      claimButton={
        <button type="button" className={`claim-button claim-button--${claim.status}`} disabled={claim.disabled} onClick={claim.claim}>
          {claim.label}
        </button>
      }
    />
  );
}

/** A BT coupon's own state: it is claimed with the others (一键领取), never by itself. */
function ListedState({ coupon }: { coupon: GameCoupon }) {
  const state = listedClaimState({ claimed: coupon.received, remaining: coupon.remaining });
  return <span className={state.tone ? `claim-button claim-button--${state.tone}` : 'coupon-card__state'}>{state.label}</span>;
}

function BtCoupons({ gameId, coupons, onClaimed }: { gameId: number; coupons: GameCoupon[]; onClaimed: () => void }) {
  const claim = useClaim('btCoupons', calls.coupon.receiveBtCoupon, { game_id: gameId }, { ...btClaimState(coupons), code: null }, onClaimed);
  return (
    <section className="game-coupon__section" aria-label="BT券">
      <div className="game-coupon__section-head">
        <h2 className="game-coupon__title">BT专属券</h2>
        <button type="button" className={`claim-button claim-button--${claim.status}`} disabled={claim.disabled} onClick={claim.claim}>
          {claim.label}
        </button>
      </div>
      <ul className="game-coupon__list">
        {coupons.map((coupon) => (
          <CouponCard key={coupon.coupon_id} coupon={coupon} claimButton={<ListedState coupon={coupon} />} />
        ))}
      </ul>
    </section>
  );
}

export default function GameCouponPage({ data }: PageProps) {
  const ids = gameIdsOf(data);
  return ids?.game_id ? <CouponLists gameId={ids.game_id} /> : <MissingGame title="代金券" />;
}

function CouponLists({ gameId }: { gameId: number }) {
  const navigate = useNavigate();
  const normal = useRemoteData('couponList', getCouponList, { game_id: gameId, type: 'normal', page: 1, limit: COUPON_PAGE_LIMIT });
  const bt = useRemoteData('btCouponList', getCouponList, { game_id: gameId, type: 'bt', page: 1, limit: COUPON_PAGE_LIMIT });
  const coupons = normal.data?.list ?? [];
  const btCoupons = bt.data?.list ?? [];
  return (
    <div className="game-gift game-coupon">
      <PageHeader title="代金券" onBack={() => navigate('back')} />
      {normal.failed ? (
        <LoadFailed message={normal.error} onRetry={normal.retry} />
      ) : normal.loading && !normal.data ? (
        <div className="game-gift__skeleton" aria-busy="true" aria-label="加载中">
          <div className="skeleton skeleton--block" />
        </div>
      ) : (
        <>
          {btCoupons.length > 0 && <BtCoupons gameId={gameId} coupons={btCoupons} onClaimed={bt.refresh} />}
          {coupons.length === 0 && btCoupons.length === 0 ? (
            <EmptyState message="暂无代金券" />
          ) : (
            coupons.length > 0 && (
              <section className="game-coupon__section" aria-label="代金券">
                <h2 className="game-coupon__title">游戏代金券</h2>
                <ul className="game-coupon__list">
                  {coupons.map((coupon) => (
                    <CouponRow key={coupon.coupon_id} coupon={coupon} onClaimed={normal.refresh} />
                  ))}
                </ul>
              </section>
            )
          )}
        </>
      )}
    </div>
  );
}
