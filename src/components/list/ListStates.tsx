import type { RouteData } from '../../../machines/navigation.types.ts';
import { Link } from '../../app/Link.tsx';
import './list.css';

/** Placeholder rows shaped like the rows to come, while the first page loads. */
export function SkeletonRows({ count = 6, rowHeight }: { count?: number; rowHeight: number }) {
  return (
    <div className="list-skeleton" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="list-skeleton__row" style={{ height: rowHeight }}>
          <div className="skeleton list-skeleton__icon" />
          <div className="list-skeleton__lines">
            <div className="skeleton list-skeleton__line" />
            <div className="skeleton list-skeleton__line list-skeleton__line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** An empty state's one way onward: a route (and its data object), drawn as the outlined pill every empty state uses. */
export interface EmptyAction {
  label: string;
  to: string;
  data?: RouteData;
  /** Replaces the current history entry (a page that cannot be come back to). */
  replace?: boolean;
}

/**
 * The one empty state of every page and list: the icon, the message centred (balanced over its
 * lines, so a long one never leaves one character alone), and an optional way onward 16 px below.
 */
export function EmptyState({ message = '暂无数据', action }: { message?: string; action?: EmptyAction }) {
  return (
    <div className="list-empty" role="status">
      <svg className="list-empty__icon" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
        <rect x="10" y="18" width="44" height="34" rx="6" fill="#eef0f3" />
        <path d="M10 30h14l4 6h8l4-6h14" fill="none" stroke="#c8ccd2" strokeWidth="2.5" strokeLinejoin="round" />
        <path d="M22 10l4 6M42 10l-4 6M32 8v7" stroke="#c8ccd2" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p className="list-empty__message">{message}</p>
      {action && (
        <Link to={action.to} data={action.data} replace={action.replace} className="list-empty__action">
          {action.label}
        </Link>
      )}
    </div>
  );
}

export type FooterState = 'loading' | 'exhausted' | 'failed' | 'idle';

/** The line under a list: loading more, the end, or a failed page with its retry. */
export function ListFooter({ state, onRetry }: { state: FooterState; onRetry: () => void }) {
  if (state === 'failed') {
    return (
      <button type="button" className="list-footer list-footer--failed" onClick={onRetry}>
        加载失败，点击重试
      </button>
    );
  }
  return (
    <p className="list-footer" aria-live="polite">
      {state === 'loading' ? '加载中…' : state === 'exhausted' ? '没有更多了' : '\u00a0'}
    </p>
  );
}
