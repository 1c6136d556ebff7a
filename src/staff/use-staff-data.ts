import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../api/outcome.ts';
import type { AnyStaffCallSpec } from '../../api/protocol/staff-call-spec.ts';
import { STAFF_CODE } from '../../api/protocol/staff-codes.ts';
import { createRemoteDataMachine } from '../../machines/remote-data.machine.ts';
import { useFeatureActor } from '../app/use-feature-actor.ts';
import type { StaffData, StaffPayload, StaffResult } from './api.ts';
import { useStaffClient } from './runtime-context.tsx';

/** A staff answer as the remote-data machine reads outcomes: a success, or the message the page shows. */
function outcomeOf<T>(answer: StaffResult<T>): ApiOutcome<T> {
  return answer.code === STAFF_CODE.ok ? { kind: 'ok', code: answer.code, msg: answer.msg, data: answer.data } : { kind: 'error', reason: 'server', code: answer.code, msg: answer.msg };
}

/**
 * The console's twin of the players' useRemoteData (src/app/use-remote-data.ts): loads one staff
 * call's data through the remote-data machine. The call is its declaration (api/protocol/staff/),
 * so the data is the answer schema's output and an answer that does not fit is the load error.
 * A new payload (another page or filter) is `input.changed`: the machine loads it and keeps the
 * list on screen meanwhile; an answer for a payload the page has left is dropped. `reload` loads
 * again after the page changed something (a retry after a failure, a refresh otherwise, a fresh
 * start of a load under way).
 */
export function useStaffData<R extends AnyStaffCallSpec>(id: string, call: R, payload: StaffPayload<R>) {
  const client = useStaffClient();
  const key = JSON.stringify(payload);
  const actor = useFeatureActor(() => createRemoteDataMachine<StaffData<R>>(id), {
    implementations: { actors: { load: fromPromise<ApiOutcome<StaffData<R>>>(async () => outcomeOf(await client.call(call, JSON.parse(key) as StaffPayload<R>))) } },
    restartOn: [id, call, client],
  });
  // The payload the running load was asked with: a new one is told to the machine (after the
  // implementations above have taken the new payload in).
  const asked = useRef({ actor, key });
  useEffect(() => {
    if (asked.current.actor === actor && asked.current.key === key) return;
    const changed = asked.current.actor === actor;
    asked.current = { actor, key };
    if (changed) actor.send({ type: 'input.changed' });
  }, [actor, key]);
  const snapshot = useSelector(actor, (current) => current);
  const failed = snapshot.hasTag('error');
  const loading = snapshot.hasTag('busy');
  return {
    data: snapshot.context.data,
    /** Why the last load failed ('' once one succeeds). */
    error: snapshot.context.error ?? '',
    loading,
    failed,
    // A load under way may have been asked before the change the page just made: it starts over.
    reload: () => actor.send({ type: failed ? 'ui.retry' : loading ? 'input.changed' : 'ui.refresh' }),
  };
}
