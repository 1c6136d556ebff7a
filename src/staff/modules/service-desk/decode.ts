import { readChatMessage } from '../../../../api/protocol/service-chat.ts';
import type { DeskStatus, DeskStreamEvent, DeskUploaded } from '../../../../api/protocol/service-desk.ts';

/**
 * What the desk reads that is no staff call's answer (those are read by the calls' declared
 * schemas): the agents' stream events, which arrive as text, and the picture upload's answer.
 * Each answers the value or null, never throws, and keeps no field it did not check.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const isIdOrNull = (value: unknown): value is number | null => value === null || isId(value);
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const STATUSES: readonly unknown[] = ['queued', 'open', 'closed'];

/** The staff upload path's `data`: a stored picture's key and address. */
export function readUploaded(value: unknown): DeskUploaded | null {
  if (!isObject(value) || typeof value.key !== 'string' || value.key === '' || typeof value.url !== 'string' || value.url === '') return null;
  return { key: value.key, url: value.url };
}

/** An agents' stream event (EventSource's event name and data text), or null. */
export function decodeDeskStreamEvent(name: string, data: unknown): DeskStreamEvent | null {
  if (typeof data !== 'string' || data.length > 1_000_000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(parsed) || !isId(parsed.conversation_id) || !isId(parsed.user_id)) return null;
  const { conversation_id, user_id } = parsed;
  if (name === 'conversation') {
    if (!STATUSES.includes(parsed.status) || !isIdOrNull(parsed.agent_id) || !isTextOrNull(parsed.agent)) return null;
    return { type: 'conversation', data: { conversation_id, user_id, status: parsed.status as DeskStatus, agent_id: parsed.agent_id, agent: parsed.agent } };
  }
  if (name === 'message') {
    const message = readChatMessage(parsed.message);
    return message ? { type: 'message', data: { conversation_id, user_id, message } } : null;
  }
  return null;
}
