import { useCallback, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from '../../app/Link.tsx';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { TabOption } from '../../components/Tabs.tsx';
import { withLoading } from '../../app/loading.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import './money.css';

/** Pieces the money pages share: chips, the signed-out prompt, and one-shot actions (claim, cancel). */

/** Small pill filters (the wallet's 全部 / 余额 / 乐玩币). */
export function MoneyChips<K extends string>({ options, value, onChange, label }: { options: readonly TabOption<K>[]; value: K; onChange: (key: K) => void; label: string }) {
  return (
    <div className="money-chips" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button key={option.key} type="button" role="radio" aria-checked={option.key === value} className="money-chips__chip" onClick={() => onChange(option.key)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Pages outside SPEC's needs-login list open signed out: they offer the login popup. */
export function MoneySignIn({ text }: { text: string }) {
  const runtime = useRuntime();
  return (
    <section className="money-signin" aria-label="未登录">
      <p className="money-signin__text">{text}</p>
      <button type="button" className="money-button" onClick={() => runtime.openLogin()}>
        登录
      </button>
    </section>
  );
}

export function MoneySection({ title, extra, children, label }: { title: string; extra?: ReactNode; children: ReactNode; label?: string }) {
  return (
    <section className="money-section" aria-label={label ?? title}>
      <div className="money-section__head">
        <h2 className="money-section__title">{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** A card's benefits, a label and its lines each (benefitLines): /carddetail and /myprivilege. */
export function BenefitList({ lines }: { lines: readonly { label: string; values: readonly string[] }[] }) {
  return (
    <ul className="benefit-list">
      {lines.map((line) => (
        <li key={line.label}>
          <span className="benefit-list__label">{line.label}</span>
          <span className="benefit-list__value">
            {line.values.map((value) => (
              <span key={value}>{value}</span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface MoneyEntry {
  to: string;
  label: string;
  icon: MoneyIcon;
}

/** A grid of money services, an icon above each label (/mywallet, /otherpage). */
export function MoneyGrid({ entries, label, className = 'money-grid', style }: { entries: readonly MoneyEntry[]; label: string; className?: string; style?: CSSProperties }) {
  return (
    <nav className={className} aria-label={label} style={style}>
      {entries.map((entry) => (
        <Link key={entry.to} className="money-grid__item" to={entry.to}>
          <span className="money-grid__icon">
            <MoneyGlyph icon={entry.icon} />
          </span>
          {entry.label}
        </Link>
      ))}
    </nav>
  );
}

export const ACTION_FAILED = '操作失败，请稍后重试';

/**
 * One server action behind a button (claim a benefit or a level coupon, cancel an order): under
 * the loading overlay, one at a time (a second tap while it runs is ignored). A success toasts
 * `success(data)` and calls `onDone`; a refusal (code -1) is toasted by the session and also calls
 * `onDone` (the page reloads the truth); a transport failure toasts its message.
 */
export function useMoneyAction<T>(run: () => Promise<ApiOutcome<T>>, success: (data: T, msg: string) => string, onDone: () => void) {
  const runtime = useRuntime();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const act = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const outcome = await withLoading(runtime.loading, run);
      if (outcome.kind === 'ok') {
        showToast(success(outcome.data, outcome.msg));
        onDone();
      } else if (outcome.kind === 'toast') onDone();
      else if (outcome.kind === 'error') showToast(outcome.msg || ACTION_FAILED);
    } catch {
      showToast(ACTION_FAILED);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [runtime, run, success, onDone]);
  return { busy, act };
}

/** The money services' glyphs: small stroked icons (24 px box) on a tinted chip. */
const PATHS = {
  coin: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 8l3 4 3-4M12 12v5M9 13h6',
  game: 'M6 8h12a4 4 0 0 1 0 8c-1.5 0-2.5-1-3-2H9c-.5 1-1.5 2-3 2a4 4 0 0 1 0-8zM7 11v3M5.5 12.5h3M16 12h.01M18 13h.01',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  record: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4',
  guide: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01',
  crown: 'M3 8l4 4 5-7 5 7 4-4-2 11H5zM5 19h14',
  gift: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-3-6-3-5 0M12 7c2-3 6-3 5 0',
  coupon: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM10 7v10',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3zM3 7l12-3v3M16 13h2',
} as const;

export type MoneyIcon = keyof typeof PATHS;

export function MoneyGlyph({ icon }: { icon: MoneyIcon }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={PATHS[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
