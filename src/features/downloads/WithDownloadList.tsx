import type { ReactNode } from 'react';
import type { DownloadListActor } from './download-runtime.ts';
import { useDownloadList } from './use-downloads.ts';
import { EmptyState } from '../../components/list/ListStates.tsx';

/**
 * The download pages' body: outside the wrapper the list does not exist (SPEC §4), while its
 * chunk loads a placeholder shows, then `children` renders with the list.
 */
export function WithDownloadList({ children }: { children: (list: DownloadListActor) => ReactNode }) {
  const list = useDownloadList();
  if (list === null) return <EmptyState message="下载管理仅在乐玩游戏盒 App 内可用" />;
  if (list === undefined) {
    return (
      <div className="down-list__empty" aria-busy="true" aria-label="加载中">
        <div className="skeleton skeleton--line" style={{ margin: '0 auto' }} />
      </div>
    );
  }
  return children(list);
}
