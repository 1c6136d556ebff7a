import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { roleAllowed, STAFF_CODE, STAFF_MSG, type StaffAccess } from '../../api/protocol/staff-call-spec.ts';
import type { Database } from '../db/schema.ts';
import type { UploadRefusal } from '../uploads/index.ts';
import { authenticateStaff, csrfMatches, sessionTokenOf, type StaffIdentity } from './sessions.ts';

/** The desk's roles (admin always): who may open the agents' stream and upload pictures. */
export const DESK_ROLES: StaffAccess = ['admin', 'agent'];

export type StaffRequestCheck = { ok: true; staff: StaffIdentity } | ({ ok: false } & UploadRefusal);

/**
 * A staff request outside the JSON calls (the agents' stream, uploads): the session cookie (401),
 * the CSRF header when asked (419), the role (403), in the staff pipeline's order. Touches the
 * session like a call.
 */
export async function checkStaffRequest(db: Kysely<Database>, request: FastifyRequest, at: Date, options: { roles: StaffAccess; csrf: boolean }): Promise<StaffRequestCheck> {
  const token = sessionTokenOf(request.headers.cookie);
  const auth = await authenticateStaff(db, token, at);
  if (!auth.ok) return { ok: false, status: 401, code: STAFF_CODE.notSignedIn, msg: auth.msg };
  if (options.csrf && !csrfMatches(request.headers['x-csrf-token'], auth.csrfHash)) return { ok: false, status: 403, code: STAFF_CODE.csrf, msg: STAFF_MSG.csrf };
  if (!roleAllowed({ roles: options.roles }, auth.staff.role)) return { ok: false, status: 403, code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden };
  return { ok: true, staff: auth.staff };
}
