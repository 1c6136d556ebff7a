import type { StaffCallData, StaffCallPayload } from '../../api/protocol/staff-call-spec.ts';
import type { StaffCallSpecs } from '../../api/protocol/staff/all.ts';
import { STAFF_CODE } from '../../api/protocol/staff-codes.ts';

/**
 * The console's typed staff call (docs/staff-console.md): a JSON POST with the session cookie
 * (the browser sends it; HttpOnly) and the CSRF token in X-CSRF-Token. Types come from the
 * declarations (api/protocol/staff/); no schema code is bundled.
 * - 401: the session is gone; the console's sign-out handler runs (back to the sign-in page).
 * - 419: the token was stale (another tab signed in again …): fetched anew with auth/me, tried once more.
 */
type ByPath = { [S in StaffCallSpecs as S['path']]: S };
export type StaffPath = Extract<keyof ByPath, string>;
export type StaffPayload<P extends StaffPath> = StaffCallPayload<ByPath[P]>;
export type StaffData<P extends StaffPath> = StaffCallData<ByPath[P]>;

export interface StaffResult<T> {
  code: number;
  msg: string;
  data: T;
}

export const NETWORK_MSG = '网络错误，请稍后重试';
export const BAD_ANSWER_MSG = '服务器返回异常，请稍后重试';

/** Reads an answer's envelope; null when it is not `{ code: integer, msg: string, data }`. */
export function decodeStaffAnswer(text: string): StaffResult<unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { code, msg, data } = value as Record<string, unknown>;
  if (typeof code !== 'number' || !Number.isInteger(code) || typeof msg !== 'string') return null;
  return { code, msg, data: data ?? null };
}

let csrfToken = '';
let onSignedOut: (msg: string) => void = () => {};

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** The session's CSRF token, for requests outside staffCall (the desk's picture upload). */
export function getCsrfToken(): string {
  return csrfToken;
}

/** What the console does when a call answers 401 (App: back to sign-in with the message). */
export function setSignedOutHandler(handler: (msg: string) => void): void {
  onSignedOut = handler;
}

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;
let fetcher: Fetch = (input, init) => fetch(input, init);
/** Tests route calls elsewhere. */
export function setStaffFetch(next: Fetch): void {
  fetcher = next;
}

async function post(path: string, payload: unknown): Promise<StaffResult<unknown>> {
  let response: Response;
  try {
    response = await fetcher(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}) },
      body: JSON.stringify(payload ?? {}),
    });
  } catch {
    return { code: STAFF_CODE.refused, msg: NETWORK_MSG, data: null };
  }
  return decodeStaffAnswer(await response.text().catch(() => '')) ?? { code: STAFF_CODE.refused, msg: BAD_ANSWER_MSG, data: null };
}

export async function staffCall<P extends StaffPath>(path: P, payload: StaffPayload<P>): Promise<StaffResult<StaffData<P>>> {
  let answer = await post(path, payload);
  if (answer.code === STAFF_CODE.csrf && path !== '/staff/api/auth/me') {
    const me = await post('/staff/api/auth/me', {});
    if (me.code === STAFF_CODE.ok) {
      setCsrfToken((me.data as { csrf_token: string }).csrf_token);
      answer = await post(path, payload);
    } else answer = me;
  }
  if (answer.code === STAFF_CODE.notSignedIn && path !== '/staff/api/auth/login') {
    csrfToken = '';
    onSignedOut(answer.msg);
  }
  return answer as StaffResult<StaffData<P>>;
}
