import type { PageProps } from '../../app/routes.ts';
import { SiteTextPage } from '../../features/money/MoneyText.tsx';
import { businessRule } from '../../../api/protocol/calls/trade.ts';

/** /tradeinstruction: 《交易须知》 from the server (businessRule), its HTML sanitised before it renders. */
export default function TradeInstructionPage(_: PageProps) {
  return <SiteTextPage dataId="businessRule" call={businessRule} title="交易须知" />;
}
