import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { request } from '../../../api/typed-call.ts';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { accountCancelMachine, type ConditionsAnswer } from '../../../machines/account-cancel.machine.ts';
import { resendCodeWith } from '../../../machines/resend-code.machine.ts';
import type { CancellationView, CancelStatus } from '../../../api/protocol/calls/account-cancel.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * The cancellation flow's actor (machines/account-cancel.machine.ts), wired to the server. One
 * actor serves the four step pages (each route shows one step), so it outlives a page: it is kept
 * per runtime and per signed-in token, and a finished flow (revoked) or another account starts afresh.
 */

export type AccountCancelActor = ActorRefFrom<typeof accountCancelMachine>;
export type CancelRuntime = Pick<AppRuntime, 'api' | 'session' | 'inspect'> & { toast(message: string): void };

export const CANCEL_CALLS = {
  status: calls.accountCancel.getCancelStatus,
  conditions: calls.accountCancel.getCancelConditions,
  sendCode: calls.login.sendCode,
  apply: calls.accountCancel.applyCancel,
  revoke: calls.accountCancel.revokeCancel,
} as const;

export function createAccountCancelActor(runtime: CancelRuntime): AccountCancelActor {
  const { api } = runtime;
  return createActor(
    accountCancelMachine.provide({
      actors: {
        loadStatus: fromPromise<ApiOutcome<CancelStatus>>(({ signal }) => request(api, CANCEL_CALLS.status, {}, { signal })),
        loadConditions: fromPromise<ApiOutcome<ConditionsAnswer>>(({ signal }) => request(api, CANCEL_CALLS.conditions, {}, { signal })),
        // The cancellation asks for type 5 only (the account's own phone).
        resendCode: resendCodeWith((input, signal) => request(api, CANCEL_CALLS.sendCode, { type: (input as { type: '5' }).type }, { signal })),
        applyCancel: fromPromise<ApiOutcome<CancellationView>, { phone_code: string }>(({ input, signal }) => request(api, CANCEL_CALLS.apply, input, { signal })),
        revokeCancel: fromPromise<ApiOutcome>(({ signal }) => request(api, CANCEL_CALLS.revoke, {}, { signal })),
      },
      actions: { showToast: (_, { message }) => runtime.toast(message) },
    }),
    { inspect: runtime.inspect },
  );
}

const flows = new WeakMap<object, { token: string; actor: AccountCancelActor }>();

/** The flow of the signed-in account (null when signed out), started on first use. */
export function accountCancelFlow(runtime: CancelRuntime, key: object = runtime.session): AccountCancelActor | null {
  const token = runtime.session.getSnapshot().context.credentials?.token ?? null;
  if (token === null) return null;
  const kept = flows.get(key);
  if (kept && kept.token === token && kept.actor.getSnapshot().status === 'active') return kept.actor;
  kept?.actor.stop();
  const actor = createAccountCancelActor(runtime);
  flows.set(key, { token, actor });
  actor.start();
  return actor;
}
