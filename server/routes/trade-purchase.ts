import { defineCalls } from '../calls.ts';

/** 小号交易, purchase, trades, disputes and records (api/protocol/calls/trade.ts). Issue 15 slice S2 fills this. */
export const tradePurchaseCalls = defineCalls();
