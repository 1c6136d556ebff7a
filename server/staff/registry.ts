import { createHolidaySource, type HolidaySource } from '../holidays/index.ts';
import { MemoryServiceBus, type ServiceBus } from '../service/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import type { StaffCallDefinition } from './calls.ts';
import { staffAccountCalls } from './routes/accounts.ts';
import { staffArticleCalls } from './routes/articles.ts';
import { staffAuditCalls } from './routes/audit.ts';
import { staffAuthCalls } from './routes/auth.ts';
import { staffFeedbackCalls } from './routes/feedback.ts';
import { staffHolidayCalls } from './routes/holidays.ts';
import { staffBroadcastCalls, staffNoticeCalls } from './routes/notices.ts';
import { staffServiceCalls } from './routes/service.ts';
import { staffWithdrawalCalls } from './routes/withdrawals.ts';
import { staffListingReviewCalls } from './routes/trading-listings.ts';
import { staffTradeDisputeCalls } from './routes/trading-trades.ts';

/**
 * Every staff call the server serves (docs/staff-console.md). HOW TO ADD ONE: declare it with
 * defineStaffCall in api/protocol/staff/<group>.ts (listed in api/protocol/staff/all.ts), serve it
 * with handleStaff in server/staff/routes/<group>.ts, and append that module's list here.
 * server/staff/registry.test.ts then checks, for every call listed, that a player's token, no
 * session and each role not allowed are refused. `services` are what some modules need (the
 * customer-service bus, the app's holiday calendar, the object storage); without them (listing the
 * calls) they get stand-ins, and the calls that read stored objects fail.
 */
export function allStaffCalls(services: { serviceBus?: ServiceBus; holidays?: HolidaySource; storage?: ObjectStorage } = {}): StaffCallDefinition[] {
  return [
    ...staffAuthCalls,
    ...staffAccountCalls,
    ...staffAuditCalls,
    ...staffServiceCalls(services.serviceBus ?? new MemoryServiceBus()),
    ...staffFeedbackCalls(services.storage),
    ...staffNoticeCalls,
    ...staffBroadcastCalls,
    ...staffArticleCalls,
    ...staffWithdrawalCalls,
    ...staffListingReviewCalls,
    ...staffTradeDisputeCalls,
    ...staffHolidayCalls(services.holidays ?? createHolidaySource([])),
  ];
}
