import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { EmptyState, ListFooter, SkeletonRows, type EmptyAction, type FooterState } from '../../components/list/ListStates.tsx';
import { PullToRefresh } from '../../components/list/PullToRefresh.tsx';
import { VirtualList } from '../../components/list/VirtualList.tsx';
import type { PagedList } from './use-paged-games.ts';

export function footerStateOf(list: Pick<PagedList<unknown>, 'loadingMore' | 'loadMoreFailed' | 'exhausted'>): FooterState {
  if (list.loadMoreFailed) return 'failed';
  if (list.loadingMore) return 'loading';
  return list.exhausted ? 'exhausted' : 'idle';
}

export interface PagedListViewProps<T> {
  list: PagedList<T>;
  rowHeight: number;
  getKey: (item: T) => string;
  renderRow: (item: T, index: number) => ReactNode;
  emptyMessage?: string;
  /** Shown under the empty message (e.g. the search's 告诉我们想玩的游戏). */
  emptyAction?: EmptyAction;
  label?: string;
  /** Off when the list sits under other content that refreshes it (the home page). */
  pullToRefresh?: boolean;
}

/** A paged list's every state: skeletons, error, empty, then the windowed rows and their footer. */
export function PagedListView<T>({ list, rowHeight, getKey, renderRow, emptyMessage, emptyAction, label, pullToRefresh = true }: PagedListViewProps<T>) {
  const body = list.loading ? (
    <SkeletonRows rowHeight={rowHeight} />
  ) : list.failed ? (
    <LoadFailed message={list.error} onRetry={list.retry} />
  ) : list.items.length === 0 && list.exhausted ? (
    <EmptyState message={emptyMessage} action={emptyAction} />
  ) : (
    <>
      <VirtualList items={list.items} rowHeight={rowHeight} getKey={getKey} renderRow={renderRow} onEndReached={list.loadMore} label={label} />
      <ListFooter state={footerStateOf(list)} onRetry={list.retry} />
    </>
  );
  return pullToRefresh ? (
    <PullToRefresh onRefresh={list.refresh} refreshing={list.refreshing}>
      {body}
    </PullToRefresh>
  ) : (
    body
  );
}
