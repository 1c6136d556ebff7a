import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { STAFF_CODE } from '../../../api/protocol/staff-codes.ts';
import type { StaffPayload, StaffRef } from '../api.ts';
import { useStaffClient } from '../runtime-context.tsx';

/** What a list shows when an answer came but could not be read. */
export const LIST_UNREADABLE = '列表数据异常';

/**
 * One page of a console list (feedback, notices, broadcasts, articles): makes `call` with
 * `payload` whenever the payload changes or `reload` is called, keeps the last page it could
 * decode, and says why when it could not (an expired session is the console's to handle:
 * the client returns it to sign-in, so no error is shown for it). An answer that arrives after
 * the payload moved on is dropped.
 */
export function useStaffList<P extends StaffRef, T>(call: P, payload: StaffPayload<P>, decode: (data: unknown) => T | null) {
  const client = useStaffClient();
  const [state, setState] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify(payload);
  // The decoder is read when an answer arrives: a new function (an inline arrow) asks nothing again.
  const decodeRef = useRef(decode);
  useLayoutEffect(() => {
    decodeRef.current = decode;
  });

  useEffect(() => {
    let live = true;
    void client.call(call, JSON.parse(key) as StaffPayload<P>).then((answer) => {
      if (!live) return;
      const decoded = answer.code === STAFF_CODE.ok ? decodeRef.current(answer.data) : null;
      if (decoded) {
        setState(decoded);
        setError('');
      } else if (answer.code !== STAFF_CODE.notSignedIn) setError(answer.code === STAFF_CODE.ok ? LIST_UNREADABLE : answer.msg);
    });
    return () => {
      live = false;
    };
    // The payload is compared by value (key).
  }, [client, call, key, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { state, error, reload };
}
