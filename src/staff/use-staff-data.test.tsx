import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { list as noticeList } from '../../api/protocol/staff/notices.ts';
import { BAD_ANSWER_MSG } from './api.ts';
import { staffTestRuntime } from './staff.test-helper.tsx';
import { useStaffData } from './use-staff-data.ts';

/** useStaffData over a stand-in server: the list stays on screen while another page loads; an answer for a page left is dropped; a misfit is the error. */

const stand = staffTestRuntime();
const T = '2026-06-01T02:03:04.000Z';
const notice = (id: number) => ({ id, title: `公告${id}`, content: '<p>x</p>', popup: false, published_at: T, withdrawn_at: null, author_name: '', withdrawn_by_name: '', seen_count: 0 });
const pageOf = (page: number) => ({ list: [notice(page * 10)], total: 40, page, limit: 1 });

describe('useStaffData', () => {
  it('keeps the last page on screen while the next loads, drops an answer for a page it left, and shows a misfit as the error', async () => {
    const pending = new Map<number, (body: unknown) => void>();
    stand.setFetch((_path, init) => {
      const { page } = JSON.parse(String(init.body)) as { page: number };
      return new Promise((resolve) => pending.set(page, (body) => resolve(new Response(JSON.stringify(body), { status: 200 }))));
    });
    const { result, rerender } = renderHook(({ page }: { page: number }) => useStaffData('staffNotices', noticeList, { page, limit: 1 }), { initialProps: { page: 1 }, wrapper: stand.wrapper });
    expect(result.current).toMatchObject({ data: null, loading: true, failed: false });
    await waitFor(() => expect(pending.has(1)).toBe(true));
    await act(async () => pending.get(1)!({ code: 1, msg: 'success', data: pageOf(1) }));
    await waitFor(() => expect(result.current.data).toEqual(pageOf(1)));

    // Page 2, then page 3 before 2 answers: page 1 stays on screen, and 2's late answer is never shown.
    rerender({ page: 2 });
    await waitFor(() => expect(pending.has(2)).toBe(true));
    expect(result.current).toMatchObject({ data: pageOf(1), loading: true });
    rerender({ page: 3 });
    await waitFor(() => expect(pending.has(3)).toBe(true));
    await act(async () => pending.get(2)!({ code: 1, msg: 'success', data: pageOf(2) }));
    expect(result.current).toMatchObject({ data: pageOf(1), loading: true });
    await act(async () => pending.get(3)!({ code: 1, msg: 'success', data: pageOf(3) }));
    await waitFor(() => expect(result.current).toMatchObject({ data: pageOf(3), loading: false, error: '' }));

    // An answer that does not fit the declaration: the error, with the last page still there.
    pending.clear();
    act(() => result.current.reload());
    await waitFor(() => expect(pending.has(3)).toBe(true));
    await act(async () => pending.get(3)!({ code: 1, msg: 'success', data: { list: 'none', total: 1, page: 3, limit: 1 } }));
    await waitFor(() => expect(result.current).toMatchObject({ data: pageOf(3), failed: true, error: BAD_ANSWER_MSG }));
  });
});
