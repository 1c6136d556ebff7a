import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { idCardCheckChar } from '../../api/protocol/real-name.ts';
import type { Database } from '../../server/db/schema.ts';
import { platform, player, post } from '../../server/money/ledger.ts';
import type { Kysely } from 'kysely';
import type { TestServer } from './test-server.ts';
import { devSmsCode, type ManualClock, wireClient } from './wire-client.ts';

/** Players, real names, games, roles and coupons for the money tests. */

export interface MoneyPlayer {
  token: string;
  uuid: string;
  id: number;
  phone: string;
}

let idSerial = 100;

export function idFor(birth: string): string {
  const first17 = `110105${birth.replaceAll('-', '')}${String(++idSerial % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

export function moneyHarness(server: () => TestServer, clock: ManualClock, prefix: string) {
  let serial = 0;
  let sends = 0;
  const call = (path: string, payload: Record<string, unknown> = {}, who: { token: string; uuid: string } | null = null) => wireClient(server().url, clock.now)(path, payload, who);
  const db = (): Kysely<Database> => server().database.db;

  async function signUp(birth: string | null = '1990-01-01'): Promise<MoneyPlayer> {
    const phone = `${prefix}${String(++serial).padStart(4, '0')}`;
    // Past the per-phone cooldown and, every 15 sends, the per-address hourly limit.
    clock.advance(61_000);
    if (++sends % 15 === 0) clock.advance(3600_000);
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server().url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    const { id } = await db().selectFrom('users').select('id').where('uuid', '=', answer.data.user_uuid).executeTakeFirstOrThrow();
    const who = { token: answer.data.token, uuid: answer.data.user_uuid, id, phone };
    if (birth !== null) expect(await call('/api/user/realNameAuth', { real_name: '张三', id_card: idFor(birth) }, who)).toMatchObject({ code: 1 });
    return who;
  }

  /** A game with platform_games, and a role of the player's new sub-account in its first server. */
  async function role(who: MoneyPlayer, platformGameId?: number): Promise<{ platformGameId: number; gameId: number; roleId: number }> {
    const pgId = platformGameId ?? (await db().selectFrom('platform_games').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const roles = await call('/api/order/getGameRoles', { platform_game_id: pgId }, who);
    expect(roles.code).toBe(1);
    const added = await call('/api/order/addSubAccount', { platform_game_id: pgId, server_name: roles.data.servers[0] }, who);
    expect(added.code).toBe(1);
    return { platformGameId: pgId, gameId: roles.data.game_id, roleId: added.data.roles[0].id };
  }

  /** 乐玩币 given by the platform (a promotion), through the ledger. */
  async function fundCoins(who: MoneyPlayer, cents: number): Promise<void> {
    await db()
      .transaction()
      .execute((trx) => post(trx, { reference: `test:fund:${who.id}:${randomUUID()}`, kind: 'card_benefit', transfers: [{ from: platform('promotion_expense'), to: player(who.id, 'coins'), amount: cents }] }));
  }

  /** A coupon of the player's: amount, threshold, game scope (null: every game), days valid. */
  async function coupon(who: MoneyPlayer, options: { amount: number; threshold?: number; gameId?: number | null; days?: number }): Promise<number> {
    const c = await db()
      .insertInto('coupons')
      .values({ game_id: options.gameId ?? null, name: `满${(options.threshold ?? 0) / 100}减${options.amount / 100}`, type: 'normal', amount_cents: options.amount, threshold_cents: options.threshold ?? 0, valid_days: options.days ?? 7, total: 1000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const uc = await db()
      .insertInto('user_coupons')
      .values({ user_id: who.id, coupon_id: c.id, received_at: new Date(clock.current), expires_at: new Date(clock.current + (options.days ?? 7) * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return uc.id;
  }

  const key = () => randomUUID();

  async function countPaid(orderNumber: string): Promise<number> {
    const row = await db().selectFrom('ledger_transactions').select((eb) => eb.fn.countAll<string>().as('n')).where('reference', '=', `order:${orderNumber}:paid`).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The player presses 支付 at the sandbox cashier (the redirect back is not followed). */
  async function payAtCashier(payUrl: string): Promise<Response> {
    return fetch(`${server().url}${payUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
  }

  return { call, db, signUp, role, fundCoins, coupon, key, countPaid, payAtCashier };
}
