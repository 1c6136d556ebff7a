import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFields } from './call-spec.ts';
import { redeemStoreItem } from './calls/store.ts';
import { isRequestId, STORE_MSG, storeItemState, type StoreItemTerms } from './store.ts';

const anyValue = fc.oneof(fc.string(), fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_-]{0,70}$/), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.jsonValue());
const body = fc.dictionary(fc.constantFrom('item_id', 'request_id', 'other'), anyValue);

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 4, 0, 0);
const moment = fc.option(fc.integer({ min: NOW - 10 * DAY, max: NOW + 10 * DAY }), { nil: null });
const terms = fc.record({
  stock: fc.integer({ min: 0, max: 5 }),
  per_user_limit: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  valid_from: moment,
  valid_to: moment,
});

describe('coin store rules (property)', () => {
  it('redeemStoreItem fields: never throw; an accepted body has a positive item id and a well-formed request id', () => {
    fc.assert(
      fc.property(body, (fields) => {
        const parsed = parseFields(redeemStoreItem, fields);
        if (!parsed.ok) {
          expect([STORE_MSG.missing, STORE_MSG.requestInvalid]).toContain(parsed.message);
          return;
        }
        expect(Number.isSafeInteger(parsed.value.item_id) && parsed.value.item_id > 0).toBe(true);
        expect(isRequestId(parsed.value.request_id)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('a UUID is a request id; too short, too long or other characters are not', () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        expect(isRequestId(uuid)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 7 }), (short) => {
        expect(isRequestId(short)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{65,80}$/), (long) => {
        expect(isRequestId(long)).toBe(false);
      }),
    );
    expect(isRequestId('abcd efgh')).toBe(false);
    expect(isRequestId(12345678)).toBe(false);
  });

  it('an item is available exactly when its window is open, it has stock and the player is under the limit', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 0, max: 4 }), (raw, redeemed) => {
        const item: StoreItemTerms = { ...raw, valid_from: raw.valid_from === null ? null : new Date(raw.valid_from), valid_to: raw.valid_to === null ? null : new Date(raw.valid_to) };
        const state = storeItemState(item, redeemed, NOW);
        const started = raw.valid_from === null || raw.valid_from <= NOW;
        const notEnded = raw.valid_to === null || raw.valid_to > NOW;
        const underLimit = raw.per_user_limit === null || redeemed < raw.per_user_limit;
        expect(state === 'available').toBe(started && notEnded && raw.stock > 0 && underLimit);
        // The window decides first: an ended item reads 已结束 even when sold out.
        if (!notEnded) expect(state).toBe('ended');
        else if (!started) expect(state).toBe('not_started');
        else if (raw.stock === 0) expect(state).toBe('sold_out');
        // ISO text and Date give the same answer (the client reads the wire's text).
        const wire = { ...item, valid_from: raw.valid_from === null ? null : new Date(raw.valid_from).toISOString(), valid_to: raw.valid_to === null ? null : new Date(raw.valid_to).toISOString() };
        expect(storeItemState(wire, redeemed, new Date(NOW))).toBe(state);
      }),
      { numRuns: 3000 },
    );
  });
});
