import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVITE_CODE_ALPHABET } from '../../../api/protocol/invite-code.ts';
import { captureInvite, forgetInvite, INVITE_KEEP_MS, INVITE_STORAGE_KEY, rememberedInvite } from './invite-capture.ts';
import { inviteSharePayload, percentOf } from './invite-data.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, String(v)), removeItem: (k: string) => void items.delete(k) };
}

const code = fc.array(fc.constantFrom(...INVITE_CODE_ALPHABET), { minLength: 6, maxLength: 6 }).map((cs) => cs.join(''));
const INFO = {
  code: 'ABC234',
  share_path: '/?invite=ABC234',
  invited_count: 2,
  income_total_cents: 350,
  income_balance_cents: 100,
  debt_cents: 0,
  rules: { share_bp: 500, share_days: 180, bind_window_hours: 24 },
  inviter: null,
  can_bind_until: null,
};

describe('invite capture (the share link on arrival)', () => {
  it('remembers a valid code for 7 days, canonical; a newer link wins; forgotten after use', () => {
    fc.assert(
      fc.property(code, code, fc.boolean(), (first, second, lower) => {
        const storage = memoryStorage();
        captureInvite(`?x=1&invite=${lower ? first.toLowerCase() : first}`, () => storage, 1000);
        expect(rememberedInvite(() => storage, 1000 + INVITE_KEEP_MS - 1)).toBe(first);
        captureInvite(`?invite=${second}`, () => storage, 2000);
        expect(rememberedInvite(() => storage, 2000)).toBe(second);
        expect(rememberedInvite(() => storage, 2000 + INVITE_KEEP_MS)).toBeNull();
        expect(storage.getItem(INVITE_STORAGE_KEY)).toBeNull();
        captureInvite(`?invite=${first}`, () => storage, 3000);
        forgetInvite(() => storage);
        expect(rememberedInvite(() => storage, 3000)).toBeNull();
      }),
    );
  });

  it('ignores bad input quietly: malformed codes, junk in storage, storage that throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (param, stored) => {
        const storage = memoryStorage();
        storage.setItem(INVITE_STORAGE_KEY, stored);
        captureInvite(`?invite=${encodeURIComponent(param)}`, () => storage, 0);
        const out = rememberedInvite(() => storage, 0);
        expect(out === null || /^[A-HJKMNP-Z2-9]{6}$/.test(out)).toBe(true);
      }),
    );
    const throwing = () => {
      throw new Error('denied');
    };
    expect(() => captureInvite('?invite=ABC234', throwing, 0)).not.toThrow();
    expect(rememberedInvite(throwing, 0)).toBeNull();
    expect(() => forgetInvite(throwing)).not.toThrow();
  });
});

describe('invite page helpers', () => {
  it('the share percentage and the bridge share payload', () => {
    expect(percentOf(500)).toBe('5%');
    expect(JSON.parse(inviteSharePayload(INFO, 'https://h5.example'))).toMatchObject({ url: 'https://h5.example/?invite=ABC234', invite_code: 'ABC234' });
  });
});
