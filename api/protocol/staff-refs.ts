/**
 * A reference to each declared staff call for the console: its path, typed from its declaration
 * (staff/*.ts) by a type-only import, exactly as the players' refs (call-refs.ts) are, so the
 * console's bundle carries the path and none of the field schemas. The console's client takes
 * these, never a path: `staffCalls.service.queue`.
 * HOW TO ADD A STAFF CALL: after declaring it (staff/all.ts), add its ref to refs/staff-<group>.ts
 * under the declaration's name; staff-refs.test.ts fails until every declaration has its ref.
 */
export * as auth from './refs/staff-auth.ts';
export * as accounts from './refs/staff-accounts.ts';
export * as audit from './refs/staff-audit.ts';
export * as service from './refs/staff-service.ts';
export * as feedback from './refs/staff-feedback.ts';
export * as notices from './refs/staff-notices.ts';
export * as broadcasts from './refs/staff-broadcasts.ts';
export * as articles from './refs/staff-articles.ts';
export * as withdrawals from './refs/staff-withdrawals.ts';
export * as trading from './refs/staff-trading.ts';
export * as holidays from './refs/staff-holidays.ts';
export * as openServers from './refs/staff-open-servers.ts';
export * as homeContent from './refs/staff-home-content.ts';
export * as gifts from './refs/staff-gifts.ts';
export * as coupons from './refs/staff-coupons.ts';
export * as settings from './refs/staff-settings.ts';
export * as players from './refs/staff-players.ts';
export * as store from './refs/staff-store.ts';
