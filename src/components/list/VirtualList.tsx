import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Rows mounted at most, whatever the viewport (the game lists' budget: ≤ 60 after scrolling 500 rows). */
export const MAX_MOUNTED_ROWS = 60;
export const DEFAULT_OVERSCAN = 6;
/** Load more when the window's last row is this close to the end. */
export const DEFAULT_END_THRESHOLD = 8;

export interface VisibleWindow {
  start: number;
  end: number;
}

/**
 * The rows to mount for a scroll position (`scrollTop`: the viewport's top relative to the list's
 * top; negative while the list is still below it): those on screen plus `overscan` on each side,
 * capped at MAX_MOUNTED_ROWS. Pure (jsdom has no layout: the row height is a prop, not measured).
 */
export function visibleWindow(options: { count: number; rowHeight: number; scrollTop: number; viewportHeight: number; overscan: number }): VisibleWindow {
  const { count, rowHeight, scrollTop, viewportHeight, overscan } = options;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  // The viewport's bottom in the list: 0 while the whole list is below the screen.
  const last = Math.ceil(Math.max(0, scrollTop + Math.max(0, viewportHeight)) / rowHeight);
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

/**
 * Windowed rendering of fixed-height rows under the window's scroll: a spacer as tall as every row,
 * and only the visible rows (plus overscan) absolutely placed in it.
 *
 * Layout is read only where it is already up to date or once per change: the list's offset from
 * the document's top is measured after a commit that changes the rows and when the page's size
 * changes (ResizeObserver), never while rendering or scrolling, so a scroll event costs no forced
 * layout. Until that first measure the list does not know where it is, so it never asks for more:
 * a list below the first screen (home's 为你推荐) must not load its second page at start.
 */
export function VirtualList<T>({ items, rowHeight, getKey, renderRow, overscan = DEFAULT_OVERSCAN, onEndReached, endThreshold = DEFAULT_END_THRESHOLD, className, label }: VirtualListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const count = items.length;
  const top = useRef<number | null>(null);
  const windowAt = useCallback(
    (listTop: number) => visibleWindow({ count, rowHeight, scrollTop: window.scrollY - listTop, viewportHeight: window.innerHeight, overscan }),
    [count, rowHeight, overscan],
  );
  // The window as "start:end", or null before the first measure (then: the first screen's rows).
  const [measured, setMeasured] = useState<string | null>(null);
  const update = useCallback(() => {
    if (top.current === null) return;
    const { start, end } = windowAt(top.current);
    setMeasured(`${start}:${end}`);
  }, [windowAt]);
  const measure = useCallback(() => {
    top.current = documentTop(ref.current);
    update();
  }, [update]);
  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', measure);
    // Content above the list that grows or shrinks moves it; the page's size changes with it.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [update, measure]);
  const initial = visibleWindow({ count, rowHeight, scrollTop: 0, viewportHeight: typeof window === 'undefined' ? 0 : window.innerHeight, overscan });
  // Clamped: for one render after the rows change, the window can still be the old rows'.
  const [start, end] = measured === null ? [initial.start, initial.end] : (measured.split(':').map((n) => Math.min(Number(n), count)) as [number, number]);

  const nearEnd = measured !== null && end >= count - endThreshold;
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
