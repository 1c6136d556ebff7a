import type { FastifyInstance } from 'fastify';
import type { UploadPurpose } from '../../api/protocol/profile-rules.ts';
import type { KvStore } from '../kv-store.ts';
import { recordAgentUpload } from '../service/index.ts';
import { issueUploadTicket, registerUploadEndpoint, UPLOAD_MSG, type UploadDeps } from '../uploads/index.ts';
import { writeAudit } from './audit.ts';
import { checkStaffRequest, DESK_ROLES } from './requests.ts';

/**
 * Staff pictures (the desk's replies): the players' upload machinery (server/uploads/
 * upload-routes.ts: single-use ticket, 5 MB, JPEG/PNG/WebP checked by their bytes, re-encoded to
 * WebP, stored) on its own path and tickets:
 *
 *   POST /staff/api/service/uploadTicket            → { url: '/staff/upload/<ticket>', … }   (a staff call)
 *   POST /staff/upload/<ticket>   raw image bytes, the staff_session cookie, X-CSRF-Token
 *        → 200 { code: 1, msg: '上传成功', data: { key, url } }
 *        → 401 { code: 401 } no session · 403 { code: 419 } CSRF · 403 { code: 403 } role
 *        → 403 { code: -1 } bad / expired / used / another member's ticket · 413 / 415 / 422 as for players
 *
 * A stored picture is recorded as the agent's (service_agent_uploads: only its uploader may send
 * it) and audited (service.upload), in one transaction.
 */

export const STAFF_UPLOAD_PREFIX = '/staff/upload/';

export function issueStaffUploadTicket(kv: KvStore, staffId: number, purpose: UploadPurpose): Promise<string> {
  return issueUploadTicket(kv, staffId, purpose, 'staff');
}

export function staffUploadUrl(ticket: string): string {
  return `${STAFF_UPLOAD_PREFIX}${ticket}`;
}

export function registerStaffUploads(app: FastifyInstance, deps: UploadDeps): void {
  const { db } = deps;
  registerUploadEndpoint(app, deps, {
    route: `${STAFF_UPLOAD_PREFIX}:ticket`,
    audience: 'staff',
    async authorise(request, ownerId, at) {
      const check = await checkStaffRequest(db, request, at, { roles: DESK_ROLES, csrf: true });
      if (!check.ok) return { status: check.status, code: check.code, msg: check.msg };
      // Another staff member's ticket answers like an expired one.
      return check.staff.id === ownerId ? null : { status: 403, code: -1, msg: UPLOAD_MSG.badTicket };
    },
    async record(picture, request) {
      await db.transaction().execute(async (trx) => {
        await recordAgentUpload(trx, picture.ownerId, picture.key, picture.at);
        await writeAudit(trx, { staffId: picture.ownerId, action: 'service.upload', target: `upload:${picture.key}`, before: null, after: { key: picture.key, purpose: picture.purpose, size: picture.size, received_bytes: picture.receivedBytes }, ip: request.ip, at: picture.at });
      });
    },
  });
}
