import type { TradePayMethod } from '../../../api/protocol/trade-rules.ts';

/** Words the buyer's pages share. */
export const PAY_METHOD_NAMES: Record<TradePayMethod, string> = { provider: '支付宝（沙箱）', wallet: '余额' };
