import type { PageProps } from '../../app/routes.ts';
import { SiteTextPage } from '../../features/money/MoneyText.tsx';

/** /tradeinstruction: 《交易须知》 from the server (businessRule), its HTML sanitised before it renders. */
export default function TradeInstructionPage(_: PageProps) {
  return <SiteTextPage dataId="businessRule" path="/api/down/businessRule" title="交易须知" />;
}
