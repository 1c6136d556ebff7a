import type { TableProps } from 'antd';
import { useState } from 'react';
import type { AnyStaffCallSpec } from '../../../api/protocol/staff-call-spec.ts';
import type { StaffData, StaffPayload } from '../api.ts';
import { useStaffData } from '../use-staff-data.ts';

/** What a staff list call answers: a page of rows and the count of all of them (with extras such as counts). */
type PageAnswer = { list: readonly unknown[]; total: number };
type Row<R extends AnyStaffCallSpec> = StaffData<R> extends { list: ReadonlyArray<infer T> } ? T : never;
/** The payload without its paging: the list's filters. */
export type ListFilters<R extends AnyStaffCallSpec> = Omit<StaffPayload<R>, 'page' | 'limit'>;

export const PAGE_SIZE = 20;

/** A page kept by the caller (a list whose page is in the URL): it goes back to 1 itself when a filter changes. */
export interface ControlledPage {
  page: number;
  setPage: (page: number) => void;
}

/**
 * A console list as antd Table props: loads one staff list call with useStaffData (another page or
 * filter is `input.changed`, the rows stay on screen, greyed, until the new ones replace them),
 * keeps the page, and goes back to page 1 when the filters change. Spread `table` on <Table>,
 * give it the columns; `data` is the whole answer (counts beside the list), `reload` after a change.
 * `options.paging` hands the page to the caller instead (kept in the URL with the filters, so a
 * reload, a shared link and the back button keep it): one hook for every console list either way.
 */
export function usePagedTable<R extends AnyStaffCallSpec>(id: string, call: R, filters: ListFilters<R>, options: { limit?: number; empty?: string; paging?: ControlledPage } = {}) {
  const limit = options.limit ?? PAGE_SIZE;
  const key = JSON.stringify(filters);
  const [own, setOwn] = useState({ key, page: 1 });
  const page = options.paging ? options.paging.page : own.key === key ? own.page : 1;
  const setPage = options.paging ? options.paging.setPage : (next: number) => setOwn({ key, page: next });
  const remote = useStaffData(id, call, { ...filters, page, limit } as unknown as StaffPayload<R>);
  const answer = remote.data as (StaffData<R> & PageAnswer) | null;
  const table = {
    rowKey: 'id',
    dataSource: (answer?.list ?? []) as Row<R>[],
    loading: remote.loading,
    locale: { emptyText: remote.error ? ' ' : (options.empty ?? '暂无数据') },
    pagination: {
      current: page,
      pageSize: limit,
      total: answer?.total ?? 0,
      showSizeChanger: false,
      hideOnSinglePage: false,
      showTotal: (total: number) => `共 ${total} 条`,
      onChange: setPage,
    },
  } satisfies TableProps<Row<R>>;
  return { ...remote, data: answer, page, setPage, table };
}
