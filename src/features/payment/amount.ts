import { FEN_PER_YUAN, MONEY_MSG, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS, TOPUP_PRESETS_YUAN } from '../../../api/protocol/money.ts';

/** The amount a player picks on /mylewancoin, /autorechargehao and /loginrecharge: a preset or whole yuan typed in. */

export type AmountChoice = { kind: 'preset'; yuan: number } | { kind: 'custom'; text: string };

export type AmountResult = { ok: true; cents: number } | { ok: false; message: string };

/** Typed whole yuan, 1–5000 (digits only; surrounding spaces ignored). */
export function parseYuanText(text: string): AmountResult {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return { ok: false, message: MONEY_MSG.amountInvalid };
  const cents = Number(trimmed) * FEN_PER_YUAN;
  return cents >= TOPUP_MIN_CENTS && cents <= TOPUP_MAX_CENTS ? { ok: true, cents } : { ok: false, message: MONEY_MSG.amountInvalid };
}

export function amountOf(choice: AmountChoice): AmountResult {
  if (choice.kind === 'preset') return (TOPUP_PRESETS_YUAN as readonly number[]).includes(choice.yuan) ? { ok: true, cents: choice.yuan * FEN_PER_YUAN } : { ok: false, message: MONEY_MSG.amountInvalid };
  return parseYuanText(choice.text);
}

/** The custom field keeps digits only, at most 4 (5000 is the most). */
export function customAmountInput(text: string): string {
  return text.replace(/\D+/g, '').slice(0, 4);
}
