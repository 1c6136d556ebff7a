import type { StaffCallDefinition } from '../calls.ts';

/** 账号交易: the listing review queue (api/protocol/staff/trading.ts listings, approve, reject). Issue 15 slice S1 fills this. */
export const staffListingReviewCalls: StaffCallDefinition[] = [];
