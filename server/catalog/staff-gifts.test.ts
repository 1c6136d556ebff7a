import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_PACK_MSG, maskCode } from '../../api/protocol/gift-packs.ts';
import { STAFF_CODE, STAFF_MSG, type StaffRole } from '../../api/protocol/staff-codes.ts';
import { signingClock, type Credentials } from '../../api/protocol/wire.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, wireClient } from '../../tests/helpers/wire-client.ts';

/**
 * 礼包管理 through the real server, on PGlite and PostgreSQL: an operator creates a pack (players
 * see it at once, not before its start), imports codes (counts by reason; two overlapping imports
 * at once add each code once and their counts add up), sees the codes and who claimed them (masked),
 * withdraws free codes (claimed ones stay), every write audited; other roles get 403 on every call.
 */

const DAY = 86_400_000;
const codesOf = (prefix: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => `${prefix}${String(from + i).padStart(5, '0')}`);

describe.each(DATABASE_KINDS)('礼包管理 (%s)', (kind) => {
  const now = signingClock();
  let server: TestServer;
  let player: ReturnType<typeof wireClient>;
  let operator: StaffCredentials;
  let gameId: number;
  let serial = kind === 'pglite' ? 0 : 400;
  const db = () => server.database.db;
  const call = (path: string, payload: Record<string, unknown>, who: StaffCredentials = operator) => staffCall(server.url, path, payload, who);
  const audits = (target: string) => db().selectFrom('staff_audit').select(['staff_id', 'action', 'before', 'after']).where('target', '=', target).orderBy('id').execute();
  const packCodes = (packId: number) => db().selectFrom('gift_codes').select(['code', 'claimed_by']).where('pack_id', '=', packId).orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer({ kind, now });
    player = wireClient(server.url, now);
    operator = await signedInStaff(db(), 'operator');
    gameId = (await db().selectFrom('games').select('id').where('online_at', '<=', new Date()).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  async function signUp(): Promise<Credentials & { id: number; phone: string }> {
    const phone = `1365${kind === 'pglite' ? '1' : '2'}00${String(++serial).padStart(4, '0')}`;
    expect(await player('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await player('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    const user = await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, id: user.id, phone };
  }

  const form = (extra: Record<string, unknown> = {}) => ({
    game_id: gameId,
    name: '测试礼包',
    content: '元宝x888，金币x1000',
    usage: '进入游戏后在福利-兑换码输入',
    valid_from: new Date(Date.now() - DAY).toISOString(),
    valid_until: new Date(Date.now() + 30 * DAY).toISOString(),
    vip_level: 0,
    ...extra,
  });

  async function newPack(extra: Record<string, unknown> = {}): Promise<number> {
    const answer = await call('/staff/api/gifts/save', form(extra));
    expect(answer.body).toMatchObject({ code: STAFF_CODE.ok, msg: GIFT_PACK_MSG.created });
    return answer.body.data.pack.id;
  }

  const playersPacks = async (who?: Credentials) => (await player('/api/game/getGiftList', { game_id: gameId, limit: 50 }, who)).data.list as Array<{ gift_id: number; total: number; remaining: number; claimed: boolean }>;

  it('creates a pack that players see at once, with its words, validity and VIP level, audited', async () => {
    const answer = await call('/staff/api/gifts/save', form({ vip_level: 3 }));
    expect(answer.body).toMatchObject({ code: 1, msg: GIFT_PACK_MSG.created, data: { pack: { game: { id: gameId }, name: '测试礼包', vip_level: 3, total: 0, claimed: 0, remaining: 0, status: 'soldout' } } });
    const id = answer.body.data.pack.id;
    expect((await playersPacks()).find((p) => p.gift_id === id)).toMatchObject({ total: 0, remaining: 0 });
    expect(await audits(`gift_pack:${id}`)).toEqual([{ staff_id: operator.account.id, action: 'gifts.create', before: null, after: expect.objectContaining({ name: '测试礼包', vip_level: 3, game_id: gameId }) }]);

    const edited = await call('/staff/api/gifts/save', form({ id, name: '改名礼包', vip_level: 0 }));
    expect(edited.body).toMatchObject({ code: 1, msg: GIFT_PACK_MSG.saved, data: { pack: { id, name: '改名礼包', vip_level: 0 } } });
    expect((await audits(`gift_pack:${id}`)).at(-1)).toMatchObject({ action: 'gifts.update', before: { name: '测试礼包', vip_level: 3 }, after: { name: '改名礼包', vip_level: 0 } });
  });

  it('keeps a pack from players until its start, and refuses bad forms with their messages, changing nothing', async () => {
    const later = await newPack({ valid_from: new Date(Date.now() + 2 * DAY).toISOString() });
    expect((await playersPacks()).some((p) => p.gift_id === later)).toBe(false);
    const user = await signUp();
    expect(await player('/api/game/receiveGift', { gift_id: later }, user)).toMatchObject({ code: -1, data: { reason: 'missing' } });
    expect((await call('/staff/api/gifts/list', { status: 'upcoming', game_id: gameId })).body.data.list.map((p: { id: number }) => p.id)).toEqual([later]);

    const before = await db().selectFrom('gift_packs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, GIFT_PACK_MSG.nameRequired],
      [{ name: '礼'.repeat(21) }, GIFT_PACK_MSG.nameLong],
      [{ content: ' ' }, GIFT_PACK_MSG.contentRequired],
      [{ usage: 'x'.repeat(201) }, GIFT_PACK_MSG.usageLong],
      [{ valid_from: 'tomorrow' }, GIFT_PACK_MSG.validFromRequired],
      [{ valid_until: new Date(Date.now() - 2 * DAY).toISOString(), valid_from: new Date(Date.now() - 3 * DAY).toISOString() }, GIFT_PACK_MSG.validPast],
      [{ valid_until: new Date(Date.now() - 2 * DAY).toISOString() }, GIFT_PACK_MSG.validOrder],
      [{ vip_level: 21 }, GIFT_PACK_MSG.vipLevel],
      [{ vip_level: -1 }, GIFT_PACK_MSG.vipLevel],
      [{ game_id: 99_999_999 }, GIFT_PACK_MSG.missingGame],
      [{ id: 99_999_999 }, GIFT_PACK_MSG.missingPack],
      [{ id: later, game_id: gameId + 1 }, GIFT_PACK_MSG.gameFixed],
    ];
    for (const [extra, message] of refusals) expect((await call('/staff/api/gifts/save', form(extra))).body, message).toEqual({ code: STAFF_CODE.refused, msg: message, data: null });
    expect(await db().selectFrom('gift_packs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('imports a file: 1,000 codes with 10 copies → 990 added, 10 refused; then copies of the pack and bad lines by reason', async () => {
    const id = await newPack();
    const codes = codesOf('E2E', 990);
    const text = [...codes, ...codes.slice(0, 10)].join('\n');
    const first = await call('/staff/api/gifts/importCodes', { pack_id: id, text, file_name: 'codes.txt' });
    expect(first.body).toMatchObject({ code: 1, msg: '已导入 990 个，拒绝 10 个（文件内重复 10）', data: { added: 990, refused_total: 10, lines: 1000, refused: { duplicate_in_file: 10, duplicate_in_pack: 0 }, pack: { total: 990, claimed: 0, remaining: 990, status: 'active' } } });
    expect((await playersPacks()).find((p) => p.gift_id === id)).toMatchObject({ total: 990, remaining: 990 });

    const csv = '\uFEFFcode,备注\r\n"E2E00001",旧码\r\nNEW-1 , x\r\n,空\r\n兑换码,表头\r\n' + 'L'.repeat(33) + '\r\nNEW-2\r\nNEW-2\r\n\r\n';
    const second = await call('/staff/api/gifts/importCodes', { pack_id: id, text: csv, file_name: 'more.csv' });
    expect(second.body).toMatchObject({ code: 1, data: { added: 3, lines: 8, refused: { empty: 1, too_long: 1, bad_chars: 1, duplicate_in_file: 1, duplicate_in_pack: 1 }, refused_total: 5, pack: { total: 993 } } });
    expect(second.body.msg).toBe('已导入 3 个，拒绝 5 个（空码 1、超过32个字符 1、含不允许的字符 1、文件内重复 1、礼包中已有 1）');
    expect((await packCodes(id)).slice(-3).map((c) => c.code)).toEqual(['code', 'NEW-1', 'NEW-2']);
    expect((await audits(`gift_pack:${id}`)).filter((a) => a.action === 'gifts.import')).toEqual([
      expect.objectContaining({ before: { total: 0, claimed: 0, remaining: 0 }, after: expect.objectContaining({ total: 990, added: 990, file_name: 'codes.txt', lines: 1000 }) }),
      expect.objectContaining({ before: { total: 990, claimed: 0, remaining: 990 }, after: expect.objectContaining({ total: 993, added: 3, file_name: 'more.csv' }) }),
    ]);

    // The same codes in another game's pack are that game's own.
    const otherGame = await db().selectFrom('games').select('id').where('id', '!=', gameId).orderBy('id').executeTakeFirstOrThrow();
    const other = (await call('/staff/api/gifts/save', form({ game_id: otherGame.id }))).body.data.pack.id;
    expect((await call('/staff/api/gifts/importCodes', { pack_id: other, text: codes.slice(0, 5).join('\n') })).body.data).toMatchObject({ added: 5 });
  });

  it('refuses a file it cannot read, and an unknown pack, adding nothing', async () => {
    const id = await newPack();
    for (const [payload, message] of [
      [{ pack_id: id, text: '' }, GIFT_PACK_MSG.fileRequired],
      [{ pack_id: id, text: '  \n \n' }, GIFT_PACK_MSG.fileRequired],
      [{ pack_id: id, text: 'AAA\n"BBB\nCCC' }, `${GIFT_PACK_MSG.fileBadQuote}（第 3 行）`],
      [{ pack_id: id, text: codesOf('BIG', 20_001).join('\n') }, GIFT_PACK_MSG.fileTooBig],
      [{ pack_id: 99_999_999, text: 'AAA' }, GIFT_PACK_MSG.missingPack],
    ] as const) {
      expect((await call('/staff/api/gifts/importCodes', payload)).body, message).toEqual({ code: STAFF_CODE.refused, msg: message, data: null });
    }
    expect(await packCodes(id)).toEqual([]);
  });

  it('takes a file of 20,000 codes (over the staff calls’ 64 KB) in one import', async () => {
    const id = await newPack();
    const text = codesOf('MANY-ABCDEFGHIJKLMNOP-', 20_000).join('\r\n');
    expect(text.length).toBeGreaterThan(64 * 1024);
    const answer = await call('/staff/api/gifts/importCodes', { pack_id: id, text });
    expect(answer.body).toMatchObject({ code: 1, data: { added: 20_000, refused_total: 0, pack: { total: 20_000, remaining: 20_000 } } });
  });

  it('two operators importing overlapping files into one pack at once: each code exists once and the counts add up', async () => {
    const id = await newPack();
    const other = await signedInStaff(db(), 'operator');
    // 3,000 codes each, 1,500 in common.
    const a = codesOf('RACE', 3000, 0);
    const b = codesOf('RACE', 3000, 1500);
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const prefix = `R${round}`;
      const [one, two] = await Promise.all([
        call('/staff/api/gifts/importCodes', { pack_id: id, text: a.map((c) => prefix + c).join('\n') }),
        call('/staff/api/gifts/importCodes', { pack_id: id, text: b.map((c) => prefix + c).join('\n') }, other),
      ]);
      expect(one.body.code).toBe(1);
      expect(two.body.code).toBe(1);
      expect(one.body.data.added + two.body.data.added).toBe(4500);
      expect(one.body.data.refused.duplicate_in_pack + two.body.data.refused.duplicate_in_pack).toBe(1500);
      expect([one.body.data.added, two.body.data.added].sort()).toEqual([1500, 3000]);
    }
    const stored = await packCodes(id);
    expect(stored).toHaveLength(4500 * rounds);
    expect(new Set(stored.map((c) => c.code)).size).toBe(4500 * rounds);
    expect(await db().selectFrom('gift_packs').select('total').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ total: 4500 * rounds });
    // Each audit row's stock follows the previous one: the imports ran one after the other.
    const imports = (await audits(`gift_pack:${id}`)).filter((row) => row.action === 'gifts.import');
    expect(imports).toHaveLength(2 * rounds);
    for (let i = 1; i < imports.length; i++) expect((imports[i]!.before as { total: number }).total).toBe((imports[i - 1]!.after as { total: number }).total);
  });

  it('shows who claimed which code and when (masked), and withdraws free codes only, selected or all, audited', async () => {
    const id = await newPack();
    await call('/staff/api/gifts/importCodes', { pack_id: id, text: codesOf('WD', 10).join('\n') });
    const user = await signUp();
    const claimed = await player('/api/game/receiveGift', { gift_id: id }, user);
    expect(claimed).toMatchObject({ code: 1, data: { code: 'WD00000' } });

    const claimedList = (await call('/staff/api/gifts/codes', { pack_id: id, filter: 'claimed' })).body;
    expect(claimedList).toMatchObject({ code: 1, data: { total: 1, pack: { total: 10, claimed: 1, remaining: 9 } } });
    expect(claimedList.data.list).toEqual([{ id: expect.any(Number), code: maskCode('WD00000'), claimed: true, claimed_at: expect.any(String), user: { id: user.id, nickname: expect.any(String), phone: `${user.phone.slice(0, 3)}****${user.phone.slice(7)}` } }]);
    expect(maskCode('WD00000')).not.toContain('0000');
    const free = (await call('/staff/api/gifts/codes', { pack_id: id, filter: 'free', limit: 3 })).body.data;
    expect(free).toMatchObject({ total: 9, list: [{ code: 'WD00001', claimed: false, user: null }, { code: 'WD00002' }, { code: 'WD00003' }] });
    expect((await call('/staff/api/gifts/codes', { pack_id: id })).body.data.total).toBe(10);

    // Selected: two free ones and the claimed one → two withdrawn, the claimed one kept.
    const picked = [free.list[0].id, free.list[1].id, claimedList.data.list[0].id];
    const some = await call('/staff/api/gifts/withdraw', { pack_id: id, ids: picked });
    expect(some.body).toMatchObject({ code: 1, msg: '已撤回 2 个未领取的兑换码，1 个已被领取，保留', data: { withdrawn: 2, kept_claimed: 1, pack: { total: 8, claimed: 1, remaining: 7 } } });
    expect((await playersPacks(user)).find((p) => p.gift_id === id)).toMatchObject({ total: 8, remaining: 7, claimed: true });

    const all = await call('/staff/api/gifts/withdraw', { pack_id: id });
    expect(all.body).toMatchObject({ code: 1, msg: '已撤回 7 个未领取的兑换码', data: { withdrawn: 7, kept_claimed: 0, pack: { total: 1, claimed: 1, remaining: 0, status: 'soldout' } } });
    expect(await packCodes(id)).toEqual([{ code: 'WD00000', claimed_by: user.id }]);
    const withdrawals = (await audits(`gift_pack:${id}`)).filter((row) => row.action === 'gifts.withdraw');
    expect(withdrawals).toEqual([
      expect.objectContaining({ before: { total: 10, claimed: 1, remaining: 9 }, after: { total: 8, claimed: 1, remaining: 7, withdrawn: 2, codes: ['WD00001', 'WD00002'], kept_claimed: 1 } }),
      expect.objectContaining({ before: { total: 8, claimed: 1, remaining: 7 }, after: { total: 1, claimed: 1, remaining: 0, withdrawn: 7, all: true } }),
    ]);
    // Another pack's code ids withdraw nothing here.
    const elsewhere = await db().selectFrom('gift_codes').select('id').where('pack_id', '!=', id).where('claimed_at', 'is', null).limit(2).execute();
    expect((await call('/staff/api/gifts/withdraw', { pack_id: id, ids: elsewhere.map((r) => r.id) })).body.data).toMatchObject({ withdrawn: 0, kept_claimed: 0 });
    for (const [payload, message] of [
      [{ pack_id: id, ids: [] }, GIFT_PACK_MSG.idsRequired],
      [{ pack_id: id, ids: ['x'] }, GIFT_PACK_MSG.idsRequired],
      [{ pack_id: id, ids: Array.from({ length: 501 }, (_, i) => i + 1) }, GIFT_PACK_MSG.idsTooMany],
      [{ pack_id: 99_999_999 }, GIFT_PACK_MSG.missingPack],
    ] as const) {
      expect((await call('/staff/api/gifts/withdraw', payload)).body, message).toEqual({ code: STAFF_CODE.refused, msg: message, data: null });
    }
  });

  it('lists packs by game, keyword and status with their stock, newest first, and finds games to choose', async () => {
    const id = await newPack({ name: '独一无二礼包' });
    await call('/staff/api/gifts/importCodes', { pack_id: id, text: 'ONLY-1\nONLY-2' });
    const found = (await call('/staff/api/gifts/list', { keyword: '独一无二' })).body;
    expect(found).toMatchObject({ code: 1, data: { total: 1, list: [{ id, name: '独一无二礼包', total: 2, claimed: 0, remaining: 2, status: 'active' }] } });
    const byGame = (await call('/staff/api/gifts/list', { game_id: gameId, limit: 50 })).body.data;
    expect(byGame.list.every((p: { game: { id: number } }) => p.game.id === gameId)).toBe(true);
    expect(byGame.list.map((p: { id: number }) => p.id)).toEqual([...byGame.list.map((p: { id: number }) => p.id)].sort((x: number, y: number) => y - x));
    // Seeded packs (no start) are active or sold out; every status filter agrees with the rows' status.
    for (const status of ['active', 'soldout', 'expired', 'upcoming'] as const) {
      const list = (await call('/staff/api/gifts/list', { status, limit: 50 })).body.data.list as Array<{ status: string }>;
      expect(list.every((p) => p.status === status), status).toBe(true);
    }
    expect((await call('/staff/api/gifts/list', { keyword: '100%_\\' })).body.data).toMatchObject({ total: 0, list: [] });
    expect((await call('/staff/api/gifts/list', { status: 'gone' })).body).toEqual({ code: STAFF_CODE.refused, msg: GIFT_PACK_MSG.badStatus, data: null });
    const game = await db().selectFrom('games').select(['id', 'name']).where('id', '=', gameId).executeTakeFirstOrThrow();
    expect((await call('/staff/api/gifts/games', { keyword: game.name })).body.data.list).toContainEqual({ id: game.id, name: game.name });
    expect((await call('/staff/api/gifts/games', { keyword: String(game.id) })).body.data.list).toContainEqual({ id: game.id, name: game.name });
  });

  it.each(['agent', 'reviewer', 'finance'] as const)('%s gets 403 on every gift call and changes nothing', async (role: StaffRole) => {
    const id = await newPack();
    const who = await signedInStaff(db(), role);
    for (const [path, payload] of [
      ['/staff/api/gifts/list', {}],
      ['/staff/api/gifts/save', form()],
      ['/staff/api/gifts/importCodes', { pack_id: id, text: 'NOPE-1' }],
      ['/staff/api/gifts/codes', { pack_id: id }],
      ['/staff/api/gifts/withdraw', { pack_id: id }],
      ['/staff/api/gifts/games', {}],
    ] as const) {
      expect((await call(path, payload, who)).body, `${role} ${path}`).toEqual({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden, data: null });
    }
    expect(await packCodes(id)).toEqual([]);
  });

  it('admin may make every gift call', async () => {
    const admin = await signedInStaff(db(), 'admin');
    const created = await call('/staff/api/gifts/save', form(), admin);
    expect(created.body.code).toBe(1);
    expect((await call('/staff/api/gifts/importCodes', { pack_id: created.body.data.pack.id, text: 'ADMIN-1' }, admin)).body.data.added).toBe(1);
  });
});
