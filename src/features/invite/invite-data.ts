import type { IncomeRecord, InviteInfo, Invitee } from '../../../api/protocol/calls/invite.ts';
import { normaliseInviteCode } from '../../../api/protocol/invite-code.ts';

/**
 * The invitation pages' decoders: answers arrive as `unknown` and leave as the shapes
 * the pages render. Malformed list items are dropped, a malformed whole is null (the page shows
 * its error state); nothing here throws.
 */

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : null);
const str = (value: unknown, max = 100): string => (typeof value === 'string' ? value.slice(0, max) : '');
const nonNeg = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const positiveId = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0);
const instant = (value: unknown): string => (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? value : '');
const masked = (value: unknown): { nickname: string; phone: string } | null => {
  const raw = obj(value);
  return raw ? { nickname: str(raw.nickname, 40), phone: str(raw.phone, 20) } : null;
};

export function decodeInviteInfo(value: unknown): InviteInfo | null {
  const raw = obj(value);
  const code = normaliseInviteCode(raw?.code);
  const rules = obj(raw?.rules);
  if (!raw || !code || !rules) return null;
  const numbers = [raw.invited_count, raw.income_total_cents, raw.income_balance_cents, raw.debt_cents, rules.share_bp, rules.share_days, rules.bind_window_hours].map(nonNeg);
  if (numbers.some((n) => n === null)) return null;
  const [invited, total, balance, debt, shareBp, shareDays, windowHours] = numbers as number[];
  return {
    code,
    // The path is rebuilt from the checked code: a strange path from the server never becomes a link.
    share_path: `/?invite=${code}`,
    invited_count: invited!,
    income_total_cents: total!,
    income_balance_cents: balance!,
    debt_cents: debt!,
    rules: { share_bp: Math.min(shareBp!, 10_000), share_days: shareDays!, bind_window_hours: windowHours! },
    inviter: masked(raw.inviter),
    can_bind_until: instant(raw.can_bind_until) || null,
  };
}

export function decodeInvitees(list: unknown): Invitee[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = obj(entry);
    const id = positiveId(raw?.id);
    const income = nonNeg(raw?.income_cents);
    if (!raw || !id || income === null) return [];
    return [{ id, nickname: str(raw.nickname, 40), phone: str(raw.phone, 20), bound_at: instant(raw.bound_at), share_until: instant(raw.share_until), income_cents: income }];
  });
}

export function decodeIncomeRecords(list: unknown): IncomeRecord[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const raw = obj(entry);
    const id = positiveId(raw?.id);
    const amounts = [raw?.order_cents, raw?.share_bp, raw?.amount_cents, raw?.credited_cents, raw?.netted_cents].map(nonNeg);
    const status = raw?.status === 'credited' || raw?.status === 'clawed_back' ? raw.status : null;
    if (!raw || !id || !status || amounts.some((n) => n === null)) return [];
    const [orderCents, shareBp, amount, credited, netted] = amounts as number[];
    return [
      {
        id,
        invitee_nickname: str(raw.invitee_nickname, 40),
        invitee_phone: str(raw.invitee_phone, 20),
        order_number: str(raw.order_number, 64),
        order_cents: orderCents!,
        share_bp: shareBp!,
        amount_cents: amount!,
        credited_cents: credited!,
        netted_cents: netted!,
        status,
        created_at: instant(raw.created_at),
        clawed_back_at: instant(raw.clawed_back_at) || null,
      },
    ];
  });
}

/** The income balance downLineOrder answers beside its page (0 when absent or malformed). */
export function incomeBalanceOf(value: unknown): number {
  return nonNeg(obj(value)?.income_balance_cents) ?? 0;
}

/** '5%' for 500 basis points. */
export function percentOf(shareBp: number): string {
  return `${(shareBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The bridge's inviteShare payload (docs/bridge-protocol.md): { title, content, url, image, invite_code }. */
export function inviteSharePayload(info: Pick<InviteInfo, 'code' | 'rules'>, origin: string): string {
  return JSON.stringify({
    title: '邀请你一起玩乐玩游戏盒',
    content: `折扣手游、BT 服、H5 小游戏都在这里。用我的邀请码 ${info.code} 注册，一起领福利！`,
    url: `${origin}/?invite=${info.code}`,
    image: `${origin}/favicon.svg`,
    invite_code: info.code,
  });
}
