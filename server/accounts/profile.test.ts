import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MSG } from '../../api/protocol/calls/profile.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';

// 2026-03-02 23:30 China time (15:30 UTC): "today" is 2026-03-02 there.
const START = Date.UTC(2026, 2, 2, 15, 30, 0);

type Player = { token: string; uuid: string };

describe.each(DATABASE_KINDS)('updateUserInfo and getUserInfo on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let alice: Player;
  let bob: Player;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now, env: { NICKNAME_BLOCKED_WORDS: '代练，外挂 ,  ' } });
    call = wireClient(server.url, clock.now);
    alice = await signUp();
    bob = await signUp();
  });
  afterAll(() => server.close());

  async function signUp(): Promise<Player> {
    const phone = `1380000${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    return { token: answer.data.token, uuid: answer.data.user_uuid };
  }

  const refusal = (msg: string) => ({ code: -1, msg, data: null });

  it('needs a session', async () => {
    expect(await call('/api/user/updateUserInfo', { nickname: '小明同学' })).toMatchObject({ code: 105 });
  });

  it('getUserInfo answers sex 0 and birthday null at first, besides every earlier field', async () => {
    const info = await call('/api/user/getUserInfo', {}, alice);
    expect(info.code).toBe(1);
    expect(Object.keys(info.data).sort()).toEqual(['avatar', 'birthday', 'coins', 'created_at', 'has_password', 'nickname', 'phone', 'points', 'real_name', 'sex', 'uuid']);
    expect(info.data).toMatchObject({ sex: 0, birthday: null, phone: '138****0001' });
  });

  it('changes only the fields sent, and only for the caller', async () => {
    expect(await call('/api/user/updateUserInfo', { nickname: '  快乐小 玩家  ' }, alice)).toEqual({ code: 1, msg: PROFILE_MSG.saved, data: { nickname: '快乐小 玩家', sex: 0, birthday: null } });
    expect(await call('/api/user/updateUserInfo', { sex: 2 }, alice)).toEqual({ code: 1, msg: PROFILE_MSG.saved, data: { nickname: '快乐小 玩家', sex: 2, birthday: null } });
    expect(await call('/api/user/updateUserInfo', { sex: '1', birthday: '2000-02-29' }, alice)).toMatchObject({ code: 1, data: { sex: 1, birthday: '2000-02-29' } });
    expect((await call('/api/user/getUserInfo', {}, alice)).data).toMatchObject({ nickname: '快乐小 玩家', sex: 1, birthday: '2000-02-29' });
    const bobs = (await call('/api/user/getUserInfo', {}, bob)).data;
    expect(bobs).toMatchObject({ sex: 0, birthday: null });
    expect(bobs.nickname).not.toBe('快乐小 玩家');
  });

  it.each([
    [{}, PROFILE_MSG.nothingToSave],
    [{ nickname: null, sex: '', birthday: '' }, PROFILE_MSG.nothingToSave],
    [{ nickname: '' }, PROFILE_MSG.nicknameEmpty],
    [{ nickname: '   ' }, PROFILE_MSG.nicknameEmpty],
    [{ nickname: '小' }, PROFILE_MSG.nicknameLength],
    [{ nickname: '一二三四五六七八九十一二三' }, PROFILE_MSG.nicknameLength],
    [{ nickname: 'ab\u0007cd' }, PROFILE_MSG.nicknameChars],
    [{ nickname: 'ab\u202Ecd' }, PROFILE_MSG.nicknameChars],
    [{ nickname: '我是管理员' }, PROFILE_MSG.nicknameWord],
    [{ nickname: 'Ａｄ ｍｉｎ君' }, PROFILE_MSG.nicknameWord],
    [{ nickname: 'FUCK you' }, PROFILE_MSG.nicknameWord],
    [{ nickname: '专业代 练' }, PROFILE_MSG.nicknameWord],
    [{ nickname: '卖外挂' }, PROFILE_MSG.nicknameWord],
    [{ sex: 3 }, PROFILE_MSG.badSex],
    [{ sex: 'male' }, PROFILE_MSG.badSex],
    [{ sex: 1.5 }, PROFILE_MSG.badSex],
    [{ birthday: '2001-02-29' }, PROFILE_MSG.badBirthday],
    [{ birthday: '2000/01/01' }, PROFILE_MSG.badBirthday],
    [{ birthday: '20000101' }, PROFILE_MSG.badBirthday],
    [{ birthday: '1899-12-31' }, PROFILE_MSG.earlyBirthday],
    [{ birthday: '2026-03-03' }, PROFILE_MSG.futureBirthday],
    // A bad field refuses the whole call: the good nickname is not saved either.
    [{ nickname: '新名字呀', birthday: '2999-01-01' }, PROFILE_MSG.futureBirthday],
  ])('refuses %j with its message', async (payload, message) => {
    const before = (await call('/api/user/getUserInfo', {}, alice)).data;
    expect(await call('/api/user/updateUserInfo', payload, alice)).toEqual(refusal(message));
    expect((await call('/api/user/getUserInfo', {}, alice)).data).toEqual(before);
  });

  it('counts code points: 12 Chinese characters or emoji pass, 2 pass', async () => {
    expect((await call('/api/user/updateUserInfo', { nickname: '一二三四五六七八九十一二' }, bob)).code).toBe(1);
    expect((await call('/api/user/updateUserInfo', { nickname: '😀🎮' }, bob)).data.nickname).toBe('😀🎮');
  });

  it("a birthday of today (China time) is fine, tomorrow is not until the day comes", async () => {
    expect((await call('/api/user/updateUserInfo', { birthday: '2026-03-02' }, bob)).code).toBe(1);
    expect(await call('/api/user/updateUserInfo', { birthday: '2026-03-03' }, bob)).toEqual(refusal(PROFILE_MSG.futureBirthday));
    clock.advance(30 * 60 * 1000); // 00:00 in China
    expect((await call('/api/user/updateUserInfo', { birthday: '2026-03-03' }, bob)).data.birthday).toBe('2026-03-03');
    expect((await call('/api/user/updateUserInfo', { birthday: '1900-01-01' }, bob)).code).toBe(1);
  });
});
