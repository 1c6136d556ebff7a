import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { logoutMachine } from '../machines/logout.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The log-out machine's model: the taps and whatever the server answers (the answer is not read). */

export const LOGOUT_CALLS = ['logout'] as const;

export const logoutEventTable: readonly AnyEventObject[] = [
  { type: 'ui.logout' },
  { type: 'ui.confirm' },
  { type: 'ui.cancel' },
  { type: 'xstate.done.actor.logout', output: { kind: 'ok', code: 1, msg: '退出成功', data: null } },
  { type: 'xstate.error.actor.logout', error: new Error('network') },
];

export const serializeLogout = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.value);

let paths: MachinePath[] | undefined;

export function getLogoutPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(logoutMachine, { events: logoutEventTable, serializeState: serializeLogout });
  return paths;
}
