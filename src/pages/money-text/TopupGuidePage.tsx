import { MoneyText } from '../../features/money/MoneyText.tsx';

/** /topupguide (充值指南): the text from getMoneyText('topup_guide'), sanitised (docs/decisions.md "Money: wallet, records, coupons, privileges pages"). */
export default function TopupGuidePage() {
  return <MoneyText textKey="topup_guide" title="充值指南" />;
}
