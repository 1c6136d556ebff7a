import { useState } from 'react';
import { formatYuan } from '../../../api/protocol/money.ts';
import type { PageProps } from '../../app/routes.ts';
import { showToast } from '../../app/toast.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { amountOf, type AmountChoice } from '../../features/payment/amount.ts';
import { AmountPicker, Skeleton } from '../../features/payment/checkout-parts.tsx';
import { bonusCents } from '../../features/payment/first-recharge.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import '../../features/payment/checkout.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/** /mylewancoin: the 乐玩币 balance and buying more (1 元 = 1 币); the first recharge's bonus is shown on each amount. */

export default function MyCoinPage(_: PageProps) {
  const navigate = useNavigate();
  const money = useRemoteData('money', calls.wallet.getMoney, {});
  const promote = useRemoteData('promote', calls.wallet.getIsPromote, {});
  const vip = useRemoteData('subVip', calls.wallet.isSubVip, {});
  const [choice, setChoice] = useState<AmountChoice>({ kind: 'preset', yuan: 30 });
  const offer = promote.data?.first_recharge;
  const bonusHint = (yuan: number) => {
    const bonus = offer?.eligible ? bonusCents(offer, yuan * 100) : 0;
    return bonus > 0 ? `送${formatYuan(bonus)}` : null;
  };
  const submit = () => {
    const amount = amountOf(choice);
    if (!amount.ok) {
      showToast(amount.message);
      return;
    }
    navigate('/rechargepay', { kind: 'coins', amount_cents: amount.cents });
  };
  return (
    <div className="page checkout">
      <PageHeader title="我的乐玩币" />
      {money.failed ? (
        <LoadFailed message={money.error} onRetry={money.retry} />
      ) : !money.data ? (
        <Skeleton />
      ) : (
        <>
          <section className="balance-head" aria-label="乐玩币余额">
            <p className="balance-head__label">乐玩币余额</p>
            <div className="balance-head__row">
              <p className="balance-head__value" data-testid="coins-balance">
                {formatYuan(money.data.coins_cents)}
              </p>
              <button type="button" className="balance-head__link" onClick={() => navigate('/rechargerecord')}>
                充值记录
              </button>
            </div>
            <p className="balance-head__label">余额 ¥{formatYuan(money.data.wallet_cents)}</p>
          </section>
          <section className="checkout__card" aria-label="充值乐玩币">
            <h2 className="checkout__card-title">充值乐玩币</h2>
            <AmountPicker choice={choice} onChange={setChoice} bonusHint={bonusHint} />
            <p className="checkout__hint">
              1元 = 1乐玩币，可用于游戏充值和购买会员卡
              {offer?.eligible && offer.bonus_pct > 0 ? `；首充加赠${offer.bonus_pct}%（最多${formatYuan(offer.max_bonus_cents)}乐玩币）` : ''}
              {vip.data?.is_vip === 1 ? '；会员卡用户充值另享卡内加赠' : ''}
            </p>
          </section>
          <div className="checkout__bar">
            <span className="checkout__bar-total">
              {(() => {
                const amount = amountOf(choice);
                return amount.ok ? (
                  <>
                    支付 <strong className="checkout__total">¥{formatYuan(amount.cents)}</strong>
                  </>
                ) : (
                  '请选择金额'
                );
              })()}
            </span>
            <button type="button" className="checkout__button" onClick={submit}>
              立即充值
            </button>
          </div>
        </>
      )}
    </div>
  );
}
