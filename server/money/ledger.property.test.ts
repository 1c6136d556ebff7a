import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { balanceOf, checkLedger, InsufficientFunds, platform, player, post, type AccountRef } from './ledger.ts';

/**
 * The ledger's invariants under arbitrary sequences of postings: each account's balance is the
 * sum of its entries, each transaction sums to zero, a player account never goes below zero (a
 * posting that would overdraw changes nothing), and a reference posts at most once.
 */
describe.each(DATABASE_KINDS)('ledger (%s)', (kind) => {
  let handle: DatabaseHandle;
  const users: number[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    for (let i = 0; i < 4; i++) {
      const row = await handle.db
        .insertInto('users')
        .values({ uuid: `ledger-${kind}-${i}`, phone: `1390000${kind === 'pglite' ? 1 : 2}${String(i).padStart(3, '0')}`, nickname: `L${i}`, avatar: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(row.id);
    }
  });
  afterAll(() => handle.close());

  const accountOf = (n: number): AccountRef =>
    n < 3 ? platform(['platform_cash', 'promotion_expense', 'platform_liabilities'][n]!) : player(users[(n - 3) % 3]!, n < 6 ? 'coins' : 'wallet');

  it('keeps balances equal to their entries, transactions at zero and players never negative', async () => {
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            transfers: fc.array(fc.record({ from: fc.integer({ min: 0, max: 8 }), to: fc.integer({ min: 0, max: 8 }), amount: fc.integer({ min: 1, max: 5_000 }) }), { minLength: 1, maxLength: 3 }),
            repeat: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (postings) => {
          for (const p of postings) {
            const transfers = p.transfers.filter((t) => t.from !== t.to).map((t) => ({ from: accountOf(t.from), to: accountOf(t.to), amount: t.amount }));
            if (transfers.length === 0) continue;
            const reference = `prop:${kind}:${seq++}`;
            const before = await Promise.all(transfers.flatMap((t) => [t.from, t.to]).map((a) => balanceOf(handle.db, a)));
            let outcome: 'posted' | 'short';
            try {
              await handle.db.transaction().execute((trx) => post(trx, { reference, kind: 'test', transfers }));
              outcome = 'posted';
            } catch (error) {
              if (!(error instanceof InsufficientFunds)) throw error;
              outcome = 'short';
            }
            if (outcome === 'short') {
              const after = await Promise.all(transfers.flatMap((t) => [t.from, t.to]).map((a) => balanceOf(handle.db, a)));
              expect(after).toEqual(before);
            } else if (p.repeat) {
              const again = await handle.db.transaction().execute((trx) => post(trx, { reference, kind: 'test', transfers }));
              expect(again).toEqual({ posted: false, reason: 'duplicate' });
            }
          }
          const checked = await checkLedger(handle.db);
          expect(checked.problems).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses non-positive, fractional and self transfers before writing anything', async () => {
    const from = platform('platform_cash');
    const to = player(users[0]!, 'coins');
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      await expect(handle.db.transaction().execute((trx) => post(trx, { reference: `bad:${kind}:${amount}`, kind: 'test', transfers: [{ from, to, amount }] }))).rejects.toThrow(/positive integer/);
    }
    await expect(handle.db.transaction().execute((trx) => post(trx, { reference: `self:${kind}`, kind: 'test', transfers: [{ from: to, to, amount: 1 }] }))).rejects.toThrow(/same account/);
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  });

  it('50 concurrent debits of one player account never overdraw it', async () => {
    // A player the property above never touches: the balance starts at exactly 1000.
    const coins = player(users[3]!, 'wallet');
    await handle.db.transaction().execute((trx) => post(trx, { reference: `fund:${kind}`, kind: 'test', transfers: [{ from: platform('platform_cash'), to: coins, amount: 1_000 }] }));
    const start = await balanceOf(handle.db, coins);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        handle.db.transaction().execute((trx) => post(trx, { reference: `spend:${kind}:${i}`, kind: 'test', transfers: [{ from: coins, to: platform('platform_liabilities'), amount: 70 }] })),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientFunds)).toBe(true);
    expect(ok).toBe(Math.floor(start / 70));
    expect(await balanceOf(handle.db, coins)).toBe(start - ok * 70);
    expect((await checkLedger(handle.db)).problems).toEqual([]);
  });
});
