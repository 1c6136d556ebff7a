import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar, REAL_NAME_MSG } from '../../api/protocol/real-name.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { MINORS_MSG } from '../minors.ts';
import { identitySealer } from './seal.ts';
import { PLAY_MSG, PLAY_TICKET_TTL_MS } from '../catalog/play.ts';
import { REAL_NAME_TRIES_PER_DAY } from './real-name.ts';

/** Friday 2026-03-06 10:00 China time. */
const START = Date.parse('2026-03-06T10:00:00+08:00');

type Credentials = { token: string; uuid: string };

function idFor(birth: string, region = '110105', seq = '123'): string {
  const first17 = `${region}${birth.replaceAll('-', '')}${seq}`;
  return first17 + idCardCheckChar(first17);
}

describe.each(DATABASE_KINDS)('real name and play sessions on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    call = wireClient(server.url, clock.now);
  });
  afterAll(() => server.close());

  async function signUp(): Promise<Credentials> {
    const phone = `1370000${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    return { token: answer.data.token, uuid: answer.data.user_uuid };
  }

  const userId = async (user: Credentials) => (await server.database.db.selectFrom('users').select('id').where('uuid', '=', user.uuid).executeTakeFirstOrThrow()).id;

  async function h5Game(): Promise<number> {
    const row = await server.database.db
      .selectFrom('platform_games as p')
      .innerJoin('games as g', 'g.id', 'p.game_id')
      .select('p.id')
      .where('p.is_h5', '=', true)
      .where('g.online_at', '<=', new Date(START))
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('needs a token', async () => {
    expect(await call('/api/user/realNameAuth', { real_name: '张三', id_card: idFor('1990-01-01') })).toMatchObject({ code: 105 });
    expect(await call('/api/user/getIdentityCard', {})).toMatchObject({ code: 105 });
    expect(await call('/api/game/startPlay', { platform_game_id: 1 })).toMatchObject({ code: 105 });
  });

  it('verifies once: masked answer, getIdentityCard and getUserInfo agree; a second attempt is refused', async () => {
    const user = await signUp();
    expect(await call('/api/user/getIdentityCard', {}, user)).toEqual({ code: 1, msg: 'success', data: { status: 0, real_name: '', id_card: '', age_band: '' } });
    expect((await call('/api/user/getUserInfo', {}, user)).data.real_name).toBe(0);
    const number = idFor('1990-01-01');
    const answer = await call('/api/user/realNameAuth', { real_name: '阿依古丽·买买提', id_card: number.toLowerCase() }, user);
    const card = { status: 1, real_name: '阿******提', id_card: `${number.slice(0, 4)}**********${number.slice(-4)}`, age_band: 'adult' };
    expect(answer).toEqual({ code: 1, msg: REAL_NAME_MSG.verified, data: card });
    expect(await call('/api/user/getIdentityCard', {}, user)).toEqual({ code: 1, msg: 'success', data: card });
    expect((await call('/api/user/getUserInfo', {}, user)).data.real_name).toBe(1);
    expect(await call('/api/user/realNameAuth', { real_name: '张三', id_card: idFor('1991-01-01') }, user)).toEqual({ code: -1, msg: REAL_NAME_MSG.alreadyVerified, data: null });
    expect(await call('/api/user/realNameAuth', { real_name: '阿依古丽·买买提', id_card: number }, user)).toMatchObject({ msg: REAL_NAME_MSG.alreadyVerified });
  });

  it('stores the number only hashed and sealed, the name sealed; masked copies and the birth date in clear', async () => {
    const user = await signUp();
    const number = idFor('1985-07-15', '440524');
    await call('/api/user/realNameAuth', { real_name: '王小明', id_card: number }, user);
    const row = await server.database.db.selectFrom('user_real_names').selectAll().where('user_id', '=', await userId(user)).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(number);
    expect(JSON.stringify(row)).not.toContain('王小明');
    expect(row).toMatchObject({ name_masked: '王*明', id_masked: `4405**********${number.slice(-4)}`, birth_date: '1985-07-15', provider: 'local' });
    const sealer = identitySealer(server.config.realName.secret);
    expect(sealer.open(row.id_sealed)).toBe(number);
    expect(sealer.open(row.name_sealed)).toBe('王小明');
    expect(row.id_hash).toBe(sealer.idHash(number));
  });

  it('refuses each bad field with its message and records nothing', async () => {
    const user = await signUp();
    const good = idFor('1990-01-01');
    const wrongCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ id_card: good }, REAL_NAME_MSG.nameRequired],
      [{ real_name: '  ', id_card: good }, REAL_NAME_MSG.nameRequired],
      [{ real_name: 'Tom', id_card: good }, REAL_NAME_MSG.nameFormat],
      [{ real_name: 12345, id_card: good }, REAL_NAME_MSG.nameRequired],
      [{ real_name: '张三' }, REAL_NAME_MSG.idRequired],
      [{ real_name: '张三', id_card: '1234' }, REAL_NAME_MSG.idFormat],
      [{ real_name: '张三', id_card: idFor('1990-01-01', '990105') }, REAL_NAME_MSG.idFormat],
      [{ real_name: '张三', id_card: idFor('1990-02-30') }, REAL_NAME_MSG.idBirthDate],
      [{ real_name: '张三', id_card: idFor('2026-03-07') }, REAL_NAME_MSG.idBirthDate],
      [{ real_name: '张三', id_card: wrongCheck }, REAL_NAME_MSG.idCheckDigit],
      [{ real_name: '张三', id_card: { x: 1 } }, REAL_NAME_MSG.idRequired],
    ];
    for (const [payload, msg] of cases) expect(await call('/api/user/realNameAuth', payload as never, user), JSON.stringify(payload)).toEqual({ code: -1, msg, data: null });
    expect(await server.database.db.selectFrom('user_real_names').select('user_id').where('user_id', '=', await userId(user)).executeTakeFirst()).toBeUndefined();
    // Born today (China time) is allowed.
    expect(await call('/api/user/realNameAuth', { real_name: '张三', id_card: idFor('2026-03-06') }, user)).toMatchObject({ code: 1, data: { age_band: 'under8' } });
  });

  it('binds one identity to at most 3 accounts, also when they ask at once', async () => {
    const number = idFor('1992-02-29', '320102');
    const users = await Promise.all([signUp(), signUp(), signUp(), signUp(), signUp()]);
    const answers = await Promise.all(users.map((user) => call('/api/user/realNameAuth', { real_name: '李四', id_card: number }, user)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(3);
    expect(answers.filter((a) => a.code === -1).map((a) => a.msg)).toEqual([REAL_NAME_MSG.identityFull, REAL_NAME_MSG.identityFull]);
    const sealer = identitySealer(server.config.realName.secret);
    const { n } = await server.database.db.selectFrom('user_real_names').select((eb) => eb.fn.countAll<number>().as('n')).where('id_hash', '=', sealer.idHash(number)).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(3);
  });

  it(`allows ${REAL_NAME_TRIES_PER_DAY} attempts a China-time day per account`, async () => {
    const user = await signUp();
    const other = idFor('1992-02-29', '320102'); // already bound 3 times above: each try is refused
    for (let i = 0; i < REAL_NAME_TRIES_PER_DAY; i++) expect((await call('/api/user/realNameAuth', { real_name: '李四', id_card: other }, user)).msg).toBe(REAL_NAME_MSG.identityFull);
    expect(await call('/api/user/realNameAuth', { real_name: '赵六', id_card: idFor('1993-03-03') }, user)).toEqual({ code: -1, msg: REAL_NAME_MSG.tooManyTries, data: null });
    clock.advance(24 * 3600_000);
    expect(await call('/api/user/realNameAuth', { real_name: '赵六', id_card: idFor('1993-03-03') }, user)).toMatchObject({ code: 1 });
    clock.advance(-24 * 3600_000);
  });

  it('startPlay: unverified refused, adult granted a ticket that opens only its own game page for 10 minutes', async () => {
    const game = await h5Game();
    const user = await signUp();
    expect(await call('/api/game/startPlay', { platform_game_id: game }, user)).toEqual({ code: -1, msg: MINORS_MSG.playNeedsRealName, data: { reason: 'realName', message: MINORS_MSG.playNeedsRealName } });
    await call('/api/user/realNameAuth', { real_name: '成年人', id_card: idFor('1980-06-01') }, user);
    const grant = await call('/api/game/startPlay', { platform_game_id: String(game) }, user);
    expect(grant).toMatchObject({ code: 1, data: { age_band: 'adult', end_message: null, url: expect.stringMatching(new RegExp(`^/play/h5/${game}\\?ticket=[A-Za-z0-9_-]{32}$`)) } });
    const page = await fetch(server.url + grant.data.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('游戏资源加载中');
    expect((await fetch(`${server.url}/play/h5/${game}`)).status).toBe(403);
    expect(await (await fetch(`${server.url}/play/h5/${game}?ticket=${'A'.repeat(32)}`)).text()).toContain(PLAY_MSG.ticketRefused);
    const other = await server.database.db.selectFrom('platform_games').select('id').where('is_h5', '=', true).where('id', '!=', game).executeTakeFirst();
    if (other) expect((await fetch(`${server.url}/play/h5/${other.id}?${grant.data.url.split('?')[1]}`)).status).toBe(403);
    clock.advance(PLAY_TICKET_TTL_MS);
    expect((await fetch(server.url + grant.data.url)).status).toBe(403);
    clock.advance(-PLAY_TICKET_TTL_MS);
  });

  it('startPlay: a minor is refused on a Friday morning and at 21:00, granted until 21:00 at 20:59', async () => {
    const game = await h5Game();
    const user = await signUp();
    await call('/api/user/realNameAuth', { real_name: '小明', id_card: idFor('2012-05-05') }, user);
    expect(await call('/api/game/startPlay', { platform_game_id: game }, user)).toEqual({ code: -1, msg: MINORS_MSG.playOutsideHours, data: { reason: 'hours', message: MINORS_MSG.playOutsideHours } });
    const toNine = Date.parse('2026-03-06T20:59:00+08:00') - clock.current;
    clock.advance(toNine);
    const grant = await call('/api/game/startPlay', { platform_game_id: game }, user);
    expect(grant).toMatchObject({ code: 1, data: { age_band: '8-16', until: new Date('2026-03-06T13:00:00Z').toISOString(), end_message: MINORS_MSG.playOutsideHours } });
    expect((await fetch(server.url + grant.data.url)).status).toBe(200);
    // The play page's heartbeat: alive before 21:00, refused from 21:00 on (neither counted nor extended).
    const ticket = new URL(grant.data.url, server.url).searchParams.get('ticket');
    const beat = async () => (await (await fetch(`${server.url}/play/h5/${game}/beat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket }) })).json()) as { code: number; msg: string };
    expect(await beat()).toMatchObject({ code: 1 });
    clock.advance(60_000); // 21:00:00 sharp
    expect(await beat()).toMatchObject({ code: -1, msg: PLAY_MSG.ticketRefused });
    clock.advance(1_000); // 21:00:01: the ticket died at 21:00
    expect(await beat()).toMatchObject({ code: -1, msg: PLAY_MSG.ticketRefused });
    expect((await fetch(server.url + grant.data.url)).status).toBe(403);
    expect(await call('/api/game/startPlay', { platform_game_id: game }, user)).toMatchObject({ code: -1, msg: MINORS_MSG.playOutsideHours });
    clock.advance(-toNine - 61_000);
  });

  it('startPlay refuses games that are not H5 and unknown ones', async () => {
    const user = await signUp();
    await call('/api/user/realNameAuth', { real_name: '成年人', id_card: idFor('1980-06-02') }, user);
    const apk = await server.database.db.selectFrom('platform_games').select('id').where('is_h5', '=', false).where('down_type', '=', 1).executeTakeFirstOrThrow();
    expect(await call('/api/game/startPlay', { platform_game_id: apk.id }, user)).toEqual({ code: -1, msg: PLAY_MSG.notH5, data: { reason: 'game', message: PLAY_MSG.notH5 } });
    expect(await call('/api/game/startPlay', { platform_game_id: 99_999_999 }, user)).toMatchObject({ code: -1, msg: PLAY_MSG.missingGame });
    expect(await call('/api/game/startPlay', {}, user)).toMatchObject({ code: -1, msg: '参数错误' });
  });
});
