import type { StaffCallDefinition } from './calls.ts';
import { staffAccountCalls } from './routes/accounts.ts';
import { staffArticleCalls } from './routes/articles.ts';
import { staffAuditCalls } from './routes/audit.ts';
import { staffAuthCalls } from './routes/auth.ts';
import { staffFeedbackCalls } from './routes/feedback.ts';
import { staffBroadcastCalls, staffNoticeCalls } from './routes/notices.ts';

/**
 * Every staff call the server serves (docs/staff-console.md). HOW TO ADD ONE: declare it with
 * defineStaffCall in api/protocol/staff/<group>.ts (listed in api/protocol/staff/all.ts), serve it
 * with handleStaff in server/staff/routes/<group>.ts, and append that module's list here.
 * server/staff/registry.test.ts then checks, for every call listed, that a player's token, no
 * session and each role not allowed are refused.
 */
export function allStaffCalls(): StaffCallDefinition[] {
  return [...staffAuthCalls, ...staffAccountCalls, ...staffAuditCalls, ...staffFeedbackCalls, ...staffNoticeCalls, ...staffBroadcastCalls, ...staffArticleCalls];
}
