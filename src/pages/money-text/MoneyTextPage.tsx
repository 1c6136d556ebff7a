import { useCurrentPath } from '../../app/use-navigation.ts';
import { MoneyText, type MoneyTextKey } from '../../features/money/MoneyText.tsx';

/**
 * /topupguide (充值指南), /moneyinstruction (收益说明: the wallet, 乐玩币, income and withdrawals) and /couponinstruction (优惠券说明): one page
 * file for the three (each route costs the entry chunk a loader): the text of getMoneyText for the
 * route's key, sanitised (docs/decisions.md "Money: wallet, records, coupons, privileges pages").
 */
export const MONEY_TEXTS: Record<string, { key: MoneyTextKey; title: string }> = {
  '/topupguide': { key: 'topup_guide', title: '充值指南' },
  '/moneyinstruction': { key: 'money_instruction', title: '收益说明' },
  '/couponinstruction': { key: 'coupon_instruction', title: '优惠券说明' },
};

export default function MoneyTextPage() {
  const text = MONEY_TEXTS[useCurrentPath()] ?? MONEY_TEXTS['/topupguide']!;
  return <MoneyText textKey={text.key} title={text.title} />;
}
