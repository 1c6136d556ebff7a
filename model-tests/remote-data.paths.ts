import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { createRemoteDataMachine, type RemoteDataContext } from '../machines/remote-data.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The remote-data machine's model: every kind of answer a page's load can get, retry, refresh and a changed input. */

export const remoteDataModelMachine = createRemoteDataMachine<{ title: string }>('remoteData');

export const REMOTE_DATA_CALLS = ['load'] as const;

export const LOAD_OUTCOMES = {
  ok: { kind: 'ok', code: 1, msg: '获取成功', data: { title: '关于我们' } },
  // A shown refusal still carries the page's data (code -1 with data): the page shows it.
  toast: { kind: 'toast', code: -1, msg: '暂无数据', data: { title: '' }, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
  silentError: { kind: 'error', reason: 'network', code: null, msg: '' },
  expired: { kind: 'sessionExpired', code: 106, msg: '登录已过期', toast: '登录已过期' },
} satisfies Record<string, ApiOutcome<{ title: string }>>;

export const remoteDataEventTable: readonly AnyEventObject[] = [
  { type: 'ui.retry' },
  { type: 'ui.refresh' },
  { type: 'input.changed' },
  ...Object.values(LOAD_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.load', output })),
  { type: 'xstate.error.actor.load', error: new Error('network') },
];

export function serializeRemoteData(snapshot: AnyMachineSnapshot): string {
  const { data, error } = snapshot.context as RemoteDataContext<unknown>;
  return JSON.stringify([snapshot.value, data, error]);
}

let paths: MachinePath[] | undefined;

export function getRemoteDataPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(remoteDataModelMachine, { events: remoteDataEventTable, serializeState: serializeRemoteData });
  return paths;
}
