import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaDateTime, importedMsg, importRefusedMsg, OPEN_SERVER_MSG } from '../../api/protocol/open-servers.ts';
import { HOT_WORD_MSG } from '../../api/protocol/hot-words.ts';
import { STAFF_CODE, STAFF_MSG, type StaffRole } from '../../api/protocol/staff-codes.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { chinaDate, DAY_MS } from '../china-time.ts';

/**
 * 开服表 and 首页内容 (热门搜索) through the real server, on PGlite and PostgreSQL: each call lets the
 * operator in and answers an agent 403; bad input refused with its message; every change audited
 * with before/after; the players' calls (/newserve's getOpenServers, the home layout, getHotSearch)
 * show a change at once; a CSV import is all or nothing, lists refused rows, and two imports of one
 * file at once add its rows once.
 */

const START = Date.parse('2026-11-28T10:00:00+08:00');
const P = '/staff/api/open-servers';
const H = '/staff/api/home-content';

describe.each(DATABASE_KINDS)('operators keep the open servers and the hot search words (%s)', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let operator: StaffCredentials;
  let agent: StaffCredentials;
  let game: { id: number; name: string };
  const db = () => server.database.db;
  const call = (path: string, payload: Record<string, unknown>, who: StaffCredentials = operator) => staffCall(server.url, path, payload, who);
  const wire = () => wireClient(server.url, clock.now);
  const audits = (action: string) => db().selectFrom('staff_audit').select(['staff_id', 'target', 'before', 'after']).where('action', '=', action).orderBy('id').execute();
  const staffOf = (role: StaffRole) => signedInStaff(db(), role, new Date(clock.current));
  const tomorrow = chinaDate(START + DAY_MS);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    operator = await staffOf('operator');
    agent = await staffOf('agent');
    game = await db().selectFrom('games').select(['id', 'name']).where('online_at', '<=', new Date(START)).orderBy('id').executeTakeFirstOrThrow();
  });
  afterAll(() => server.close());

  it('lets the operator and admin in and answers other roles 403 on every call', async () => {
    const admin = await staffOf('admin');
    const reviewer = await staffOf('reviewer');
    const calls: Array<[string, Record<string, unknown>]> = [
      [`${P}/games`, {}],
      [`${P}/list`, { from: tomorrow, to: tomorrow }],
      [`${P}/create`, { game_id: game.id, server_name: '权限1服', open_at: `${tomorrow} 10:00` }],
      [`${P}/update`, { id: 1, game_id: game.id, server_name: '权限1服', open_at: `${tomorrow} 10:00` }],
      [`${P}/remove`, { id: 999_999 }],
      [`${P}/import`, { csv: `${game.id},权限2服,${tomorrow} 10:00` }],
      [`${H}/hot-words`, {}],
      [`${H}/pin-hot-word`, { word: '权限' }],
      [`${H}/unpin-hot-word`, { word: '权限' }],
      [`${H}/remove-hot-word`, { word: '权限' }],
      [`${H}/order-hot-words`, { words: [] }],
    ];
    for (const [path, payload] of calls) {
      for (const who of [agent, reviewer]) expect((await call(path, payload, who)).body, path).toMatchObject({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden });
    }
    for (const [path, payload] of calls.filter(([path]) => path.endsWith('games') || path.endsWith('list') || path.endsWith('hot-words'))) {
      for (const who of [operator, admin]) expect((await call(path, payload, who)).body, path).toMatchObject({ code: STAFF_CODE.ok });
    }
  });

  it('adds, edits and removes an open server, audited, and /newserve and the home page show each change at once', async () => {
    const players = wire();
    const before = await players('/api/game/getOpenServers', { date: tomorrow, limit: 50 });
    const home = async () => (await players('/api/down/getAppIndexContent', {})).data.sections.find((s: { key: string }) => s.key === 'newserve').list as Array<{ server_name: string }>;
    await home(); // the home layout is now cached

    const created = await call(`${P}/create`, { game_id: game.id, server_name: '运营测试1服', open_at: `${tomorrow} 09:30` });
    expect(created.body).toMatchObject({ code: STAFF_CODE.ok, msg: OPEN_SERVER_MSG.created, data: { server: { game_id: game.id, game_name: game.name, server_name: '运营测试1服' } } });
    const id = created.body.data.server.id as number;
    expect(formatChinaDateTime(created.body.data.server.open_at)).toBe(`${tomorrow} 09:30`);

    const after = await players('/api/game/getOpenServers', { date: tomorrow, limit: 50 });
    expect(after.data.total).toBe(before.data.total + 1);
    expect(after.data.list.map((s: { server_name: string }) => s.server_name)).toContain('运营测试1服');
    // The home page's 今日开服 lists the next six from now: one a minute from now comes first.
    await call(`${P}/create`, { game_id: game.id, server_name: '即将1服', open_at: `${chinaDate(START)} 10:01` });
    expect((await home())[0]!.server_name).toBe('即将1服');

    const listed = await call(`${P}/list`, { from: tomorrow, to: tomorrow, game_id: game.id });
    expect(listed.body.data.list.map((s: { server_name: string }) => s.server_name)).toContain('运营测试1服');
    expect(listed.body.data.list.every((s: { game_id: number }) => s.game_id === game.id)).toBe(true);

    const edited = await call(`${P}/update`, { id, game_id: game.id, server_name: '运营测试2服', open_at: `${tomorrow} 11:00` });
    expect(edited.body).toMatchObject({ code: STAFF_CODE.ok, msg: OPEN_SERVER_MSG.updated, data: { server: { id, server_name: '运营测试2服' } } });
    const names = (await players('/api/game/getOpenServers', { date: tomorrow, limit: 50 })).data.list.map((s: { server_name: string }) => s.server_name);
    expect(names).toContain('运营测试2服');
    expect(names).not.toContain('运营测试1服');

    expect((await call(`${P}/remove`, { id })).body).toMatchObject({ code: STAFF_CODE.ok, msg: OPEN_SERVER_MSG.removed, data: { id } });
    expect((await call(`${P}/remove`, { id })).body).toMatchObject({ code: STAFF_CODE.refused, msg: OPEN_SERVER_MSG.notFound });
    expect((await players('/api/game/getOpenServers', { date: tomorrow, limit: 50 })).data.list.map((s: { server_name: string }) => s.server_name)).not.toContain('运营测试2服');

    const created1 = (await audits('openServers.create')).find((a) => a.target === `open_server:${id}`)!;
    expect(created1).toMatchObject({ staff_id: operator.account.id, before: null, after: { id, server_name: '运营测试1服' } });
    expect((await audits('openServers.update')).at(-1)).toMatchObject({ target: `open_server:${id}`, before: { server_name: '运营测试1服' }, after: { server_name: '运营测试2服' } });
    expect((await audits('openServers.remove')).at(-1)).toMatchObject({ target: `open_server:${id}`, before: { server_name: '运营测试2服' }, after: null });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const count = async () => Number((await db().selectFrom('open_servers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ server_name: '1服', open_at: `${tomorrow} 10:00` }, OPEN_SERVER_MSG.gameMissing],
      [{ game_id: 99_999_999, server_name: '1服', open_at: `${tomorrow} 10:00` }, OPEN_SERVER_MSG.gameUnknown],
      [{ game_id: game.id, server_name: '  ', open_at: `${tomorrow} 10:00` }, OPEN_SERVER_MSG.nameRequired],
      [{ game_id: game.id, server_name: '服'.repeat(21), open_at: `${tomorrow} 10:00` }, OPEN_SERVER_MSG.nameTooLong],
      [{ game_id: game.id, server_name: '1\n服', open_at: `${tomorrow} 10:00` }, OPEN_SERVER_MSG.nameControl],
      [{ game_id: game.id, server_name: '1服', open_at: '明天上午' }, OPEN_SERVER_MSG.timeInvalid],
      [{ game_id: game.id, server_name: '1服', open_at: '2026-02-30 10:00' }, OPEN_SERVER_MSG.timeInvalid],
      [{ game_id: game.id, server_name: '1服', open_at: '2030-01-01 10:00' }, OPEN_SERVER_MSG.timeOutOfRange],
    ];
    for (const [payload, msg] of cases) expect((await call(`${P}/create`, payload)).body, msg).toMatchObject({ code: STAFF_CODE.refused, msg });
    expect((await call(`${P}/create`, { game_id: game.id, server_name: '重复1服', open_at: `${tomorrow} 12:00` })).body.code).toBe(STAFF_CODE.ok);
    expect((await call(`${P}/create`, { game_id: game.id, server_name: '重复1服', open_at: `${tomorrow} 12:00` })).body).toMatchObject({ code: STAFF_CODE.refused, msg: OPEN_SERVER_MSG.duplicate });
    expect((await call(`${P}/update`, { id: 99_999_999, game_id: game.id, server_name: '1服', open_at: `${tomorrow} 10:00` })).body).toMatchObject({ code: STAFF_CODE.refused, msg: OPEN_SERVER_MSG.notFound });
    for (const range of [{ from: tomorrow, to: chinaDate(START) }, { from: '2026-13-01', to: tomorrow }, { from: chinaDate(START), to: chinaDate(START + 100 * DAY_MS) }]) {
      expect((await call(`${P}/list`, range)).body).toMatchObject({ code: STAFF_CODE.refused, msg: OPEN_SERVER_MSG.rangeInvalid });
    }
    expect(await count()).toBe(n + 1);
  });

  it('imports a CSV all or nothing: refused rows are listed by number and nothing is added', async () => {
    const day = chinaDate(START + 2 * DAY_MS);
    const good = [`游戏,区服,开服时间`, `${game.id},导入1服,${day} 10:00`, `"${game.name}",导入2服,${day.replaceAll('-', '/')} 11:00`];
    const bad = [...good, `${game.id},导入3服,明天`, `不存在的游戏,导入4服,${day} 12:00`, `${game.id},导入1服,${day} 10:00`, `${game.id},只有两列`];
    const refused = await call(`${P}/import`, { csv: bad.join('\n') });
    expect(refused.body).toMatchObject({ code: STAFF_CODE.ok, msg: importRefusedMsg(4), data: { added: 0, servers: [] } });
    expect(refused.body.data.refused).toEqual([
      { row: 4, message: OPEN_SERVER_MSG.timeInvalid },
      { row: 5, message: OPEN_SERVER_MSG.gameUnknown },
      { row: 6, message: OPEN_SERVER_MSG.duplicateInFile },
      { row: 7, message: OPEN_SERVER_MSG.columns },
    ]);
    expect((await call(`${P}/list`, { from: day, to: day, game_id: game.id })).body.data.list).toEqual([]);

    const imported = await call(`${P}/import`, { csv: `\uFEFF${good.join('\r\n')}\r\n` });
    expect(imported.body).toMatchObject({ code: STAFF_CODE.ok, msg: importedMsg(2), data: { added: 2, refused: [] } });
    expect((await call(`${P}/list`, { from: day, to: day, game_id: game.id })).body.data.list.map((s: { server_name: string }) => s.server_name)).toEqual(['导入1服', '导入2服']);
    expect((await audits('openServers.import')).at(-1)).toMatchObject({ staff_id: operator.account.id, before: null, after: { count: 2 } });

    // The same file again: every row is already in the table.
    const again = await call(`${P}/import`, { csv: good.join('\n') });
    expect(again.body.data).toMatchObject({ added: 0, refused: [{ row: 2, message: OPEN_SERVER_MSG.duplicate }, { row: 3, message: OPEN_SERVER_MSG.duplicate }] });

    for (const [csv, msg] of [['  ', OPEN_SERVER_MSG.csvEmpty], ['游戏,区服,时间', OPEN_SERVER_MSG.csvEmpty], ['"未闭合,1服,2026-12-01 10:00', OPEN_SERVER_MSG.csvUnreadable], [Array.from({ length: 1001 }, () => `${game.id},x,${day} 10:00`).join('\n'), OPEN_SERVER_MSG.csvTooMany]] as const) {
      expect((await call(`${P}/import`, { csv })).body, msg).toMatchObject({ code: STAFF_CODE.refused, msg });
    }
  });

  it('two imports of one file at once add its rows once', async () => {
    const day = chinaDate(START + 3 * DAY_MS);
    const csv = Array.from({ length: 30 }, (_, i) => `${game.id},并发${i + 1}服,${day} ${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`).join('\n');
    const second = await staffOf('operator');
    const answers = await Promise.all([call(`${P}/import`, { csv }), call(`${P}/import`, { csv }, second)]);
    expect(answers.map((a) => a.body.data.added).sort()).toEqual([0, 30]);
    expect(answers.find((a) => a.body.data.added === 0)!.body.data.refused).toHaveLength(30);
    expect((await call(`${P}/list`, { from: day, to: day, game_id: game.id, limit: 50 })).body.data.total).toBe(30);
  });

  it('pins, orders, unpins and removes hot search words, audited, and the search page shows them first at once', async () => {
    const players = wire();
    const hot = async () => ((await players('/api/game/getHotSearch', { limit: 10 })).data.list as Array<{ word: string }>).map((w) => w.word);
    const seededTop = (await hot())[0]!;
    expect((await call(`${H}/pin-hot-word`, { word: '冬季新服' })).body).toMatchObject({ code: STAFF_CODE.ok, msg: HOT_WORD_MSG.added });
    expect((await hot())[0]).toBe('冬季新服');
    // A word players already search keeps its hits when pinned.
    const pinnedSeeded = await call(`${H}/pin-hot-word`, { word: seededTop });
    expect(pinnedSeeded.body.data.list.slice(0, 2)).toMatchObject([{ word: '冬季新服', pinned: 1, hits: 0 }, { word: seededTop, pinned: 2 }]);
    expect(pinnedSeeded.body.data.list[1].hits).toBeGreaterThan(0);
    expect((await call(`${H}/pin-hot-word`, { word: '冬季新服' })).body).toMatchObject({ code: STAFF_CODE.refused, msg: HOT_WORD_MSG.alreadyPinned });

    expect((await call(`${H}/order-hot-words`, { words: [seededTop, '冬季新服'] })).body.code).toBe(STAFF_CODE.ok);
    expect((await hot()).slice(0, 2)).toEqual([seededTop, '冬季新服']);
    expect((await call(`${H}/order-hot-words`, { words: ['冬季新服'] })).body).toMatchObject({ code: STAFF_CODE.refused, msg: HOT_WORD_MSG.orderStale });
    expect((await call(`${H}/order-hot-words`, { words: 'x' })).body).toMatchObject({ code: STAFF_CODE.refused, msg: HOT_WORD_MSG.orderStale });

    expect((await call(`${H}/unpin-hot-word`, { word: seededTop })).body.data.list[0]).toMatchObject({ word: '冬季新服', pinned: 1 });
    expect((await call(`${H}/remove-hot-word`, { word: '冬季新服' })).body).toMatchObject({ code: STAFF_CODE.ok, msg: HOT_WORD_MSG.removed });
    expect(await hot()).not.toContain('冬季新服');
    expect((await hot())[0]).toBe(seededTop);
    expect((await call(`${H}/remove-hot-word`, { word: '冬季新服' })).body).toMatchObject({ code: STAFF_CODE.refused, msg: HOT_WORD_MSG.missing });

    for (const [word, msg] of [['', HOT_WORD_MSG.required], ['词'.repeat(13), HOT_WORD_MSG.tooLong], ['a\tb', HOT_WORD_MSG.control]] as const) {
      expect((await call(`${H}/pin-hot-word`, { word })).body, msg).toMatchObject({ code: STAFF_CODE.refused, msg });
    }
    expect((await audits('homeContent.pinHotWord'))[0]).toMatchObject({ target: 'hot_word:冬季新服', before: null, after: { word: '冬季新服', pinned: 1 } });
    expect((await audits('homeContent.orderHotWords')).at(-1)).toMatchObject({ before: { words: ['冬季新服', seededTop] }, after: { words: [seededTop, '冬季新服'] } });
    expect((await audits('homeContent.unpinHotWord')).at(-1)).toMatchObject({ before: { pinned: 1 }, after: { pinned: null } });
    expect((await audits('homeContent.removeHotWord')).at(-1)).toMatchObject({ before: { word: '冬季新服', pinned: 1 }, after: null });
  });
});
