import type { CallRef, RefSpec } from '../../api/protocol/call-spec.ts';
import type { AnyStaffCallSpec, StaffCallData, StaffCallPayload } from '../../api/protocol/staff-call-spec.ts';
import { STAFF_CODE } from '../../api/protocol/staff-codes.ts';
import * as staffCalls from '../../api/protocol/staff-refs.ts';

/**
 * The console's staff client (docs/staff-console.md): a JSON POST with the session cookie
 * (the browser sends it; HttpOnly) and the CSRF token in X-CSRF-Token. A call is named by its ref
 * (api/protocol/staff-refs.ts), which types its payload and answer from the declaration
 * (api/protocol/staff/); no schema code is bundled. The client keeps the session's token itself:
 * one client per console (src/staff/runtime.ts), so two consoles (or two tests) never share one.
 * - 401: the session is gone; the client's signed-out listeners run (back to the sign-in page).
 * - 419: the token was stale (another tab signed in again …): fetched anew with auth/me, tried once more.
 */
export type StaffRef = CallRef<AnyStaffCallSpec>;
export type StaffPayload<R extends StaffRef> = StaffCallPayload<RefSpec<R>>;
export type StaffData<R extends StaffRef> = StaffCallData<RefSpec<R>>;

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

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface StaffClient {
  call<R extends StaffRef>(ref: R, payload: StaffPayload<R>): Promise<StaffResult<StaffData<R>>>;
  /** The session's CSRF token, for requests outside call (the desk's picture upload). */
  csrfToken(): string;
  /** Signing in hands the token out; signing out clears it (''). */
  setCsrfToken(token: string): void;
  /** What the console does when a call answers 401 (App: back to sign-in with the message). */
  onSignedOut(listener: (msg: string) => void): () => void;
}

export function createStaffClient(options: { fetch?: Fetch } = {}): StaffClient {
  const fetcher: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  let csrfToken = '';
  const signedOut = new Set<(msg: string) => void>();

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

  return {
    async call<R extends StaffRef>(ref: R, payload: StaffPayload<R>): Promise<StaffResult<StaffData<R>>> {
      const path: string = ref;
      let answer = await post(path, payload);
      if (answer.code === STAFF_CODE.csrf && path !== staffCalls.auth.me) {
        const me = await post(staffCalls.auth.me, {});
        if (me.code === STAFF_CODE.ok) {
          csrfToken = (me.data as StaffData<typeof staffCalls.auth.me>).csrf_token;
          answer = await post(path, payload);
        } else answer = me;
      }
      if (answer.code === STAFF_CODE.notSignedIn && path !== staffCalls.auth.login) {
        csrfToken = '';
        for (const listener of [...signedOut]) listener(answer.msg);
      }
      return answer as StaffResult<StaffData<R>>;
    },
    csrfToken: () => csrfToken,
    setCsrfToken(token) {
      csrfToken = token;
    },
    onSignedOut(listener) {
      signedOut.add(listener);
      return () => signedOut.delete(listener);
    },
  };
}
