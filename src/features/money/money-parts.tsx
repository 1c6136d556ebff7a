import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { withLoading } from '../../app/loading.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import './money.css';

/** Pieces the money pages share: tabs, the signed-out prompt, and one-shot actions (claim, cancel). */

export interface TabOption<K extends string> {
  key: K;
  label: string;
}

/** A row of tabs (role tablist): the selected one is underlined. */
export function MoneyTabs<K extends string>({ tabs, value, onChange, label }: { tabs: readonly TabOption<K>[]; value: K; onChange: (key: K) => void; label: string }) {
  return (
    <div className="money-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button key={tab.key} type="button" role="tab" className="money-tabs__tab" aria-selected={tab.key === value} onClick={() => onChange(tab.key)}>
          {tab.label}
        </button>
      ))}
    </div>
  );
}

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
