import { useLocation } from 'wouter';
import './page-header.css';

/** A 44 px title bar with a back arrow, under the safe area. */
export function PageHeader({ title, onBack }: { title: string; onBack?: () => void }) {
  const [, navigate] = useLocation();
  const back = onBack ?? (() => (window.history.length > 1 ? window.history.back() : navigate('/')));
  return (
    <header className="page-header">
      <button type="button" className="page-header__back" aria-label="返回" onClick={back}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <h1 className="page-header__title">{title}</h1>
    </header>
  );
}
