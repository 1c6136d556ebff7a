import type { ReactNode } from 'react';
import { formatYuan, TOPUP_PRESETS_YUAN } from '../../../api/protocol/money.ts';
import { customAmountInput, type AmountChoice } from './amount.ts';

/** Pieces the checkout pages share: the amount picker, labelled rows, the skeleton. */

export function AmountPicker({ choice, onChange, bonusHint }: { choice: AmountChoice; onChange: (choice: AmountChoice) => void; bonusHint?: (yuan: number) => string | null }) {
  const custom = choice.kind === 'custom';
  return (
    <>
      <div className="amount-grid" role="group" aria-label="充值金额">
        {TOPUP_PRESETS_YUAN.map((yuan) => {
          const hint = bonusHint?.(yuan) ?? null;
          return (
            <button key={yuan} type="button" className="amount-grid__item" aria-pressed={choice.kind === 'preset' && choice.yuan === yuan} onClick={() => onChange({ kind: 'preset', yuan })}>
              {yuan}元{hint && <small>{hint}</small>}
            </button>
          );
        })}
      </div>
      <label className={`amount-custom${custom ? ' amount-custom--on' : ''}`}>
        <span>其他金额</span>
        <input
          inputMode="numeric"
          placeholder="请输入1-5000的整数"
          aria-label="其他金额（元）"
          value={custom ? choice.text : ''}
          onFocus={() => !custom && onChange({ kind: 'custom', text: '' })}
          onChange={(event) => onChange({ kind: 'custom', text: customAmountInput(event.target.value) })}
        />
        <span>元</span>
      </label>
    </>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="checkout__row">
      <span className="checkout__row-label">{label}</span>
      <span className="checkout__row-value">{children}</span>
    </div>
  );
}

export const yuan = (cents: number) => `¥${formatYuan(cents)}`;

export function Skeleton() {
  return (
    <div className="checkout__card" aria-busy="true" aria-label="加载中">
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--block" style={{ height: 120, marginTop: 12 }} />
    </div>
  );
}
