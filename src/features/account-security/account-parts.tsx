import type { ReactNode } from 'react';
import { Link } from '../../app/Link.tsx';
import { useRuntime } from '../../app/runtime-context.tsx';
import './account-security.css';

/** Pieces the account pages share: the signed-out prompt and the settings rows. */

/** Account pages need a session; signed out they offer the login popup instead of failing. */
export function SignInPrompt({ text }: { text: string }) {
  const runtime = useRuntime();
  return (
    <section className="account-signin" aria-label="未登录">
      <p className="account-signin__text">{text}</p>
      <button type="button" className="account-signin__button" onClick={() => runtime.openLogin()}>
        登录
      </button>
    </section>
  );
}

export function Chevron() {
  return (
    <svg className="account-list__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** One row: a link when `to` is given, plain text otherwise. */
export function AccountRow({ label, to, value }: { label: string; to?: string | undefined; value?: ReactNode }) {
  const content = (
    <>
      <span>{label}</span>
      {value !== undefined && <span className="account-list__value">{value}</span>}
      {to && <Chevron />}
    </>
  );
  return to ? (
    <Link to={to} className="account-list__row">
      {content}
    </Link>
  ) : (
    <div className="account-list__row">{content}</div>
  );
}
