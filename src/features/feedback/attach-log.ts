import { request } from '../../../api/typed-call.ts';
import { FEEDBACK_LOG_MAX_BYTES, FEEDBACK_MSG } from '../../../api/protocol/help-rules.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { uploadBytes } from '../uploads/upload-picture.ts';

/**
 * A bug report's event log, sent only when the player ticked 附带使用记录: the log as /testview
 * exports it (every event was redacted when it was recorded: no token, code, phone or ID number
 * leaves the phone), uploaded with purpose 'event_log' like a picture, its key then named in
 * userOpinion. The server keeps it FEEDBACK_LOG_RETENTION_DAYS for the staff's feedback module.
 */
export type AttachedLog = { ok: true; key: string } | { ok: false; message: string };

export async function uploadEventLog(runtime: Pick<AppRuntime, 'api' | 'session' | 'eventLog'>): Promise<AttachedLog> {
  const file = new Blob([JSON.stringify(runtime.eventLog.exportLog())], { type: 'application/json' });
  if (file.size > FEEDBACK_LOG_MAX_BYTES) return { ok: false, message: FEEDBACK_MSG.logTooLarge };
  const ticket = await request(runtime.api, calls.profile.getUploadTos, { purpose: 'event_log' });
  if (ticket.kind !== 'ok') return { ok: false, message: ticket.msg || FEEDBACK_MSG.badLog };
  const sent = await uploadBytes(runtime, { url: ticket.data.url, file, onProgress: () => undefined });
  return sent.ok ? { ok: true, key: sent.key } : { ok: false, message: sent.message };
}
