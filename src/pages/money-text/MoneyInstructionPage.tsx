import { MoneyText } from '../../features/money/MoneyText.tsx';

/** /moneyinstruction (钱包说明): the text from getMoneyText('money_instruction'), sanitised (docs/decisions.md "Money: wallet, records, coupons, privileges pages"). */
export default function MoneyInstructionPage() {
  return <MoneyText textKey="money_instruction" title="钱包说明" />;
}
