import { declaredReason, EXPIRED_CODES, MSG, REVOKED_CODES, SUCCESS_CODES, SUPPRESSED_MESSAGES, TOKEN_MESSAGES } from './protocol/codes.ts';
import { PAGE_SHOWN_REFUSALS } from './protocol/page-refusals.ts';
import type { WireResponse } from './protocol/wire.ts';

/**
 * What a call came to, typed (SPEC §8). The api layer only classifies; the session machine
 * decides what the app does (toast, reload, redirect).
 */
export type ApiOutcome<T = unknown> =
  | { kind: 'ok'; code: number; msg: string; data: T }
  | { kind: 'toast'; code: -1; msg: string; data: T; show: boolean }
  | { kind: 'sessionRevoked'; code: number; msg: string }
  | { kind: 'sessionExpired'; code: number; msg: string; toast: string }
  | { kind: 'error'; reason: ApiErrorReason; code: number | null; msg: string };

export type ApiErrorReason = 'server' | 'network' | 'timeout' | 'http' | 'badResponse';

export { BAD_RESPONSE } from './bad-response.ts';

export type SessionOutcome = Extract<ApiOutcome, { kind: 'sessionRevoked' | 'sessionExpired' | 'toast' }>;

/**
 * `path` is the call's: a refusal its page shows itself (declared `pageShowsRefusal`) is not
 * toasted as well.
 */
export function classifyResponse<T = unknown>(response: WireResponse, path?: string): ApiOutcome<T> {
  const { code, msg } = response;
  const data = response.data as T;
  if (TOKEN_MESSAGES.has(msg)) return { kind: 'sessionExpired', code, msg, toast: MSG.loginExpired };
  if (REVOKED_CODES.has(code)) return { kind: 'sessionRevoked', code, msg };
  if (EXPIRED_CODES.has(code)) return { kind: 'sessionExpired', code, msg, toast: msg || MSG.loginExpired };
  if (code === -1) return { kind: 'toast', code: -1, msg, data, show: msg !== '' && !SUPPRESSED_MESSAGES.has(msg) && !(path !== undefined && PAGE_SHOWN_REFUSALS.has(path)) };
  if (SUCCESS_CODES.has(code)) return { kind: 'ok', code, msg, data };
  return { kind: 'error', reason: 'server', code, msg: msg || MSG.genericError };
}

/** A resolved outcome (SPEC §5 success codes) carries data; everything else does not. */
export function isResolved<T>(outcome: ApiOutcome<T>): outcome is Extract<ApiOutcome<T>, { kind: 'ok' | 'toast' }> {
  return outcome.kind === 'ok' || outcome.kind === 'toast';
}

/** A code -1 refusal's declared reason (one of the call's `reasons`), or null for any other outcome. */
export function refusalReason<const R extends string>(outcome: ApiOutcome<unknown>, reasons: readonly R[]): R | null {
  return outcome.kind === 'toast' ? declaredReason(outcome.data, reasons) : null;
}
