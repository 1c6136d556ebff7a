import { randomBytes } from 'node:crypto';
import { parseEventLogJson } from '../../api/protocol/event-log.ts';
import { FEEDBACK_LOG_MAX_BYTES, FEEDBACK_MSG } from '../../api/protocol/help-rules.ts';
import type { AvatarResult } from './avatar-image.ts';

/**
 * An event log a player attaches to a feedback (purpose 'event_log'): UTF-8 JSON that the app's
 * own decoder accepts as an event log (api/protocol/event-log.ts, the one /testview and replay
 * use), stored as that decoder read it, so staff and `npm run replay` get a file they can open.
 * Redaction happened on the phone when each event was recorded. The key is random and under
 * EVENT_LOG_PREFIX, which /media never serves: only the staff's feedback module reads it.
 */

export const EVENT_LOG_PREFIX = 'event-logs/';
export const EVENT_LOG_CONTENT_TYPE = 'application/json; charset=utf-8';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export async function makeEventLog(bytes: Buffer): Promise<AvatarResult> {
  if (bytes.length > FEEDBACK_LOG_MAX_BYTES) return { ok: false, status: 413, message: FEEDBACK_MSG.logTooLarge };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, status: 422, message: FEEDBACK_MSG.badLog };
  }
  const read = parseEventLogJson(text);
  if (!read.ok) return { ok: false, status: 422, message: FEEDBACK_MSG.badLog };
  return { ok: true, bytes: Buffer.from(JSON.stringify(read.log)), key: `${EVENT_LOG_PREFIX}${randomBytes(16).toString('hex')}.json`, contentType: EVENT_LOG_CONTENT_TYPE };
}
