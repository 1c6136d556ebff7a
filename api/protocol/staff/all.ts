import type { AnyStaffCallSpec } from '../staff-call-spec.ts';
import * as accounts from './accounts.ts';
import * as articles from './articles.ts';
import * as audit from './audit.ts';
import * as auth from './auth.ts';
import * as broadcasts from './broadcasts.ts';
import * as coupons from './coupons.ts';
import * as feedback from './feedback.ts';
import * as gifts from './gifts.ts';
import * as holidays from './holidays.ts';
import * as homeContent from './home-content.ts';
import * as notices from './notices.ts';
import * as openServers from './open-servers.ts';
import * as players from './players.ts';
import * as service from './service.ts';
import * as settings from './settings.ts';
import * as store from './store.ts';
import * as withdrawals from './withdrawals.ts';
import * as trading from './trading.ts';

/**
 * Every declared staff call, by group module (docs/staff-console.md). The server serves exactly
 * these (server/staff/registry.ts; a test holds the two lists together) and docs/staff-api.md is
 * written from them. HOW TO ADD A STAFF CALL: declare it with defineStaffCall in a group module
 * here (add the module below if it is new), then serve it with handleStaff in server/staff/ and
 * list its handlers in server/staff/registry.ts.
 */
export const STAFF_CALL_GROUPS = { auth, accounts, audit, service, feedback, notices, broadcasts, articles, withdrawals, trading, holidays, openServers, homeContent, gifts, coupons, players, settings, store };

type SpecsOf<M> = { [K in keyof M]: M[K] extends AnyStaffCallSpec ? M[K] : never }[keyof M];

/** The union of every staff call's declaration (the console's typed calls). */
export type StaffCallSpecs = { [G in keyof typeof STAFF_CALL_GROUPS]: SpecsOf<(typeof STAFF_CALL_GROUPS)[G]> }[keyof typeof STAFF_CALL_GROUPS];

function isSpec(value: unknown): value is AnyStaffCallSpec {
  return typeof value === 'object' && value !== null && 'path' in value && 'fields' in value && 'roles' in value;
}

export const ALL_STAFF_CALL_SPECS: readonly AnyStaffCallSpec[] = Object.values(STAFF_CALL_GROUPS).flatMap((group) => (Object.values(group) as unknown[]).filter(isSpec));
