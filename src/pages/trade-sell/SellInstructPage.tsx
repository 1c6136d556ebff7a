import { SiteTextPage } from '../../features/money/MoneyText.tsx';
import '../../features/trade-sell/trade-sell.css';
import { trunkNeedKnow } from '../../../api/protocol/calls/trade.ts';

/** /sellinstruct (出售须知): trunkNeedKnow's HTML, sanitised before it renders (as /moneyinstruction). */
export default function SellInstructPage() {
  return <SiteTextPage dataId="trunkNeedKnow" call={trunkNeedKnow} title="出售须知" className="ts-text" />;
}
