import { defineCalls } from '../calls.ts';

/** 小号交易, the sellers' side and the listings feed (api/protocol/calls/trade.ts). Issue 15 slice S1 fills this. */
export const tradeListingCalls = defineCalls();
