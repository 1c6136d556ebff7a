import { MoneyText } from '../../features/money/MoneyText.tsx';

/** /couponinstruction (优惠券说明): the text from getMoneyText('coupon_instruction'), sanitised (docs/decisions.md "Money: wallet, records, coupons, privileges pages"). */
export default function CouponInstructionPage() {
  return <MoneyText textKey="coupon_instruction" title="优惠券说明" />;
}
