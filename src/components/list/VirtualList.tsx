import { useCallback, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';

/** Rows mounted at most, whatever the viewport (issue "Games": ≤ 60 after scrolling 500 rows). */
export const MAX_MOUNTED_ROWS = 60;
export const DEFAULT_OVERSCAN = 6;
/** Load more when the window's last row is this close to the end. */
export const DEFAULT_END_THRESHOLD = 8;

export interface VisibleWindow {
  start: number;
  end: number;
}

/**
 * The rows to mount for a scroll position: those on screen plus `overscan` on each side, capped at
 * MAX_MOUNTED_ROWS. Pure (jsdom has no layout: the row height is a prop, not measured).
 */
export function visibleWindow(options: { count: number; rowHeight: number; scrollTop: number; viewportHeight: number; overscan: number }): VisibleWindow {
  const { count, rowHeight, scrollTop, viewportHeight, overscan } = options;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, last + overscan, start + MAX_MOUNTED_ROWS);
  return { start, end };
}

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  overscan?: number;
  /** Called when the mounted window reaches the last `endThreshold` rows (and again after each change of `items` there). */
  onEndReached?: () => void;
  endThreshold?: number;
  className?: string;
  label?: string;
}

/** The element's offset from the document's top, from layout offsets (independent of the scroll position). */
function documentTop(element: HTMLElement | null): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null) top += node.offsetTop;
  return top;
}

const subscribe = (listener: () => void) => {
  window.addEventListener('scroll', listener, { passive: true });
  window.addEventListener('resize', listener);
  return () => {
    window.removeEventListener('scroll', listener);
    window.removeEventListener('resize', listener);
  };
};

/**
 * Windowed rendering of fixed-height rows under the window's scroll: a spacer as tall as every row,
 * and only the visible rows (plus overscan) absolutely placed in it.
 */
export function VirtualList<T>({ items, rowHeight, getKey, renderRow, overscan = DEFAULT_OVERSCAN, onEndReached, endThreshold = DEFAULT_END_THRESHOLD, className, label }: VirtualListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const count = items.length;
  // The snapshot is a string so that scrolling re-renders only when the window changes.
  const getSnapshot = useCallback(() => {
    const top = documentTop(ref.current);
    const { start, end } = visibleWindow({ count, rowHeight, scrollTop: window.scrollY - top, viewportHeight: window.innerHeight, overscan });
    return `${start}:${end}`;
  }, [count, rowHeight, overscan]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, () => `0:${Math.min(count, MAX_MOUNTED_ROWS)}`);
  const [start, end] = snapshot.split(':').map(Number) as [number, number];

  const nearEnd = end >= count - endThreshold;
  // Again after every new page (`items` changes) while still near the end: a page that added no
  // rows (duplicates, filtered out) must not leave the list waiting for a scroll that cannot come.
  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, items, onEndReached]);

  const rows: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const item = items[index] as T;
    rows.push(
      <div key={getKey(item, index)} className="virtual-list__row" role="listitem" aria-setsize={count} aria-posinset={index + 1} style={{ position: 'absolute', left: 0, right: 0, top: index * rowHeight, height: rowHeight }}>
        {renderRow(item, index)}
      </div>,
    );
  }
  return (
    <div ref={ref} className={className} role="list" aria-label={label} data-count={count} style={{ position: 'relative', height: count * rowHeight }}>
      {rows}
    </div>
  );
}
