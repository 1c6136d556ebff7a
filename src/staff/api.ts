import type { CallRef, RefSpec } from '../../api/protocol/call-spec.ts';
import type { AnyStaffCallSpec, StaffCallData, StaffCallPayload } from '../../api/protocol/staff-call-spec.ts';
import { STAFF_CODE } from '../../api/protocol/staff-codes.ts';
import * as staffCalls from '../../api/protocol/staff-refs.ts';

/**
 * The console's staff client (docs/staff-console.md): a JSON POST with the session cookie
 * (the browser sends it; HttpOnly) and the CSRF token in X-CSRF-Token. A call is named by its ref
 * (api/protocol/staff-refs.ts) or its declaration (api/protocol/staff/), either typing its payload
 * and answer from the declaration, as the players' `request()` (api/typed-call.ts) does. Given the
 * declaration, the client runs its answer schema over a success's data: the data is the schema's
 * output, and an answer that does not fit is the bad answer (BAD_ANSWER_MSG), which the page shows
 * as its load error; a ref costs the bundle no schema and is for calls whose data the page does not
 * read. The client keeps the session's token itself:
 * one client per console (src/staff/runtime.ts), so two consoles (or two tests) never share one.
 * - 401: the session is gone; the client's signed-out listeners run (back to the sign-in page).
 * - 419: the token was stale (another tab signed in again …): fetched anew with auth/me, tried once more.
 */
export type StaffRef = CallRef<AnyStaffCallSpec>;
/** What the client takes: a ref, or the declaration when the answer is read. */
export type StaffCallable = StaffRef | AnyStaffCallSpec;
export type StaffSpecOf<R extends StaffCallable> = R extends AnyStaffCallSpec ? R : RefSpec<R>;
export type StaffPayload<R extends StaffCallable> = StaffCallPayload<StaffSpecOf<R>>;
export type StaffData<R extends StaffCallable> = StaffCallData<StaffSpecOf<R>>;

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

/**
 * A success's data run through the declaration's answer schema: its output (a lenient list without
 * its bad rows), or the bad answer when it does not fit. Refusals carry their own data and pass as
 * they are. The schema runs through its Standard Schema interface, so this module imports no valibot.
 */
export function decodeStaffData(spec: AnyStaffCallSpec, answer: StaffResult<unknown>): StaffResult<unknown> {
  if (answer.code !== STAFF_CODE.ok) return answer;
  const result = spec.answer.schema['~standard'].validate(answer.data);
  if (result instanceof Promise || result.issues) return { code: STAFF_CODE.refused, msg: BAD_ANSWER_MSG, data: null };
  return { ...answer, data: result.value };
}

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface StaffClient {
  call<R extends StaffCallable>(call: R, payload: StaffPayload<R>): Promise<StaffResult<StaffData<R>>>;
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
    async call<R extends StaffCallable>(call: R, payload: StaffPayload<R>): Promise<StaffResult<StaffData<R>>> {
      const path: string = typeof call === 'string' ? call : call.path;
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
      return (typeof call === 'string' ? answer : decodeStaffData(call as AnyStaffCallSpec, answer)) as StaffResult<StaffData<R>>;
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
