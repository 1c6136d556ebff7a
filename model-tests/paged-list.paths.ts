import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { pagedListMachine, type PageData, type PagedListContext } from '../machines/paged-list.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The paged list's model: event table and generated paths (limit 2, pages of a 4-item list). */

export const PAGED_LIST_CALLS = ['loadPage'] as const;
export const LIMIT = 2;

const ok = (ids: number[], page: number, total: number): ApiOutcome<PageData<unknown>> => ({
  kind: 'ok',
  code: 1,
  msg: '',
  data: { list: ids.map((id) => ({ id })), total, page, limit: LIMIT },
});

export const PAGE_OUTCOMES = {
  fullPage: ok([1, 2], 1, 4),
  lastPage: ok([3, 4], 2, 4),
  shortPage: ok([5], 1, 1),
  refused: { kind: 'toast', code: -1, msg: '分页参数错误', data: null as never, show: true },
  serverError: { kind: 'error', reason: 'server', code: 500, msg: '服务器繁忙' },
} satisfies Record<string, ApiOutcome<PageData<unknown>>>;

export const pagedListEventTable: readonly AnyEventObject[] = [
  { type: 'ui.loadMore' },
  { type: 'ui.refresh' },
  { type: 'ui.retry' },
  ...Object.values(PAGE_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.loadPage', output })),
  { type: 'xstate.error.actor.loadPage', error: new Error('loadPage failed') },
];

/** The state value plus what the guards and the next request read: the last page and whether it was short. */
export function serializePagedList(snapshot: AnyMachineSnapshot): string {
  const { page, total, lastPageShort, items } = snapshot.context as PagedListContext<unknown>;
  return JSON.stringify([snapshot.value, page, total, lastPageShort, items.length]);
}

let paths: MachinePath[] | undefined;

export function getPagedListPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(pagedListMachine, { events: pagedListEventTable, serializeState: serializePagedList, input: { limit: LIMIT } });
  return paths;
}

export function describePagedListEvent(event: AnyEventObject): string {
  if (event.type === 'xstate.done.actor.loadPage') {
    const output = event.output as ApiOutcome<PageData<unknown>>;
    return output.kind === 'ok' ? `server answers page ${output.data.page} (${output.data.list.length} of ${output.data.total})` : `server answers ${output.kind} ${output.msg}`;
  }
  if (event.type === 'xstate.error.actor.loadPage') return 'the request fails (network)';
  return { 'ui.loadMore': 'scroll to the end', 'ui.refresh': 'pull to refresh', 'ui.retry': "tap '重新加载' / '点击重试'" }[event.type] ?? event.type;
}
