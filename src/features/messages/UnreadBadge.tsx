import { badgeText } from './message-data.ts';
import './unread-badge.css';

/** A red count (99+ past 99); nothing at 0. */
export function UnreadBadge({ count, label }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge" aria-label={`${label ?? ''}${count}条未读`}>
      {badgeText(count)}
    </span>
  );
}
