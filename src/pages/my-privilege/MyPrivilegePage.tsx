import { useCallback } from 'react';
import type { BenefitGrant, MyCard } from '../../../api/protocol/calls/wallet.ts';
import { request } from '../../../api/typed-call.ts';
import { formatYuan, MONEY_MSG } from '../../../api/protocol/money.ts';
import { Link } from '../../app/Link.tsx';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EmptyState } from '../../components/list/ListStates.tsx';
import { benefitLines, formatDay } from '../../features/money/money-data.ts';
import { BenefitList, MoneySignIn, useMoneyAction } from '../../features/money/money-parts.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';
import * as walletCalls from '../../../api/protocol/calls/wallet.ts';
import type { DataOf } from '../../../api/typed-call.ts';

/**
 * /myprivilege (我的特权): the player's cards (getMyCards) with their terms and benefits; today's
 * benefit is claimed here (claimCardBenefit; '今日已领取' after) unless the card sends it by itself
 * ('每日自动到账'); expired cards below. The header answers isSubVip. Signed out: a login prompt.
 */
export default function MyPrivilegePage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page">
      <PageHeader title="我的特权" onBack={() => navigate('back')} />
      {signedIn ? <Privileges /> : <MoneySignIn text="登录后查看会员卡特权" />}
    </div>
  );
}

function VipHeader({ vip }: { vip: DataOf<typeof walletCalls.isSubVip> | null | undefined }) {
  // Not loaded or not readable: shown as no card.
  const on = vip?.is_vip === 1;
  const cards = vip?.cards ?? [];
  return (
    <section className={`vip-head${on ? '' : ' vip-head--off'}`} aria-label="会员状态">
      <p className="vip-head__title">{on ? '会员特权生效中' : '暂未开通会员卡'}</p>
      <p className="vip-head__meta">{on ? cards.map((card) => `${card.name} 有效期至 ${formatDay(card.ends_at)}`).join('；') : '开通会员卡，每日领取乐玩币与代金券'}</p>
    </section>
  );
}

function Privileges() {
  const vip = useRemoteData('isSubVip', walletCalls.isSubVip);
  const mine = useRemoteData('myCards', walletCalls.getMyCards);
  const cards = mine.data?.list ?? [];
  const refresh = useCallback(() => {
    mine.refresh();
    vip.refresh();
  }, [mine, vip]);
  if (mine.failed) return <LoadFailed message={mine.error} onRetry={mine.retry} />;
  if (mine.loading) return <div className="skeleton money-skeleton" aria-busy="true" aria-label="加载中" />;
  const active = cards.filter((card) => card.active);
  const expired = cards.filter((card) => !card.active);
  return (
    <>
      <VipHeader vip={vip.data} />
      {cards.length === 0 ? (
        <>
          <EmptyState message="还没有会员卡" action={{ label: '去开通会员卡', to: '/otherpage' }} />
        </>
      ) : (
        <>
          {active.map((card) => (
            <PrivilegeCard key={card.purchase_id} card={card} onDone={refresh} />
          ))}
          {active.length === 0 && (
            <div className="money-empty-action">
              <p className="money-muted">没有生效中的会员卡</p>
              <Link className="money-button" to="/otherpage">
                去开通会员卡
              </Link>
            </div>
          )}
          {expired.length > 0 && (
            <section aria-label="已过期">
              <h2 className="money-section__title" style={{ margin: '16px 16px 0' }}>
                已过期
              </h2>
              {expired.map((card) => (
                <PrivilegeCard key={card.purchase_id} card={card} onDone={refresh} />
              ))}
            </section>
          )}
        </>
      )}
      <div className="money-empty-action">
        <Link className="money-section__link" to="/autosend">
          查看自动发放记录
        </Link>
      </div>
    </>
  );
}

/** What a claim gave, for its toast. */
export function grantText(grant: Pick<BenefitGrant, 'kind' | 'amount_cents' | 'coupon_name'>): string {
  if (grant.kind === 'coins') return `领取成功，${formatYuan(grant.amount_cents)}乐玩币已到账`;
  if (grant.coupon_name) return `领取成功，获得${grant.coupon_name}`;
  return '领取成功';
}

function PrivilegeCard({ card, onDone }: { card: MyCard; onDone: () => void }) {
  const runtime = useRuntime();
  const run = useCallback(() => request(runtime.api, calls.wallet.claimCardBenefit, { purchase_id: card.purchase_id }), [runtime, card.purchase_id]);
  const success = useCallback((grant: BenefitGrant) => grantText(grant), []);
  const claim = useMoneyAction(run, success, onDone);
  const lines = benefitLines(card.benefits);
  return (
    <article className={`privilege-card${card.active ? '' : ' privilege-card--expired'}`} aria-label={card.name} data-testid={`privilege-${card.purchase_id}`}>
      <div className="privilege-card__head">
        <h3 className="privilege-card__name">{card.name}</h3>
        {card.card_id > 0 && (
          <Link className="money-section__link" to="/carddetail" data={{ id: card.card_id }}>
            {card.active ? '续费' : '再次开通'}
          </Link>
        )}
      </div>
      <p className="privilege-card__term">
        {formatDay(card.starts_at)} 至 {formatDay(card.ends_at)}
        {card.active ? '' : '（已过期）'}
      </p>
      <BenefitList lines={lines} />
      {card.active && card.today && (
        <div className="privilege-card__today">
          <span>今日福利</span>
          {card.today.auto ? (
            <span className="privilege-card__state privilege-card__state--auto">{card.today.granted ? '今日已到账' : '每日自动到账'}</span>
          ) : card.today.granted ? (
            <span className="privilege-card__state">{MONEY_MSG.benefitClaimed}</span>
          ) : (
            <button type="button" className="money-button" disabled={claim.busy} onClick={() => void claim.act()}>
              {claim.busy ? '领取中' : '领取'}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
