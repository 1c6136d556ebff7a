import type { StaffCallDefinition } from '../calls.ts';

/** 账号交易: trades and disputes (api/protocol/staff/trading.ts trades, refund, release). Issue 15 slice S2 fills this. */
export const staffTradeDisputeCalls: StaffCallDefinition[] = [];
