import * as v from 'valibot';
import { count, field, id, instant, optionalId, page, PAGE_FIELDS, positive, textOf, type Field } from '../call-spec.ts';
import { IMPORT_TEXT_MAX, OPEN_SERVER_MSG, OPEN_SERVER_ROLES, parseChinaDateTime, serverNameProblem } from '../open-servers.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * 开服表 in the staff console (operators): list by date range and game, add, edit, remove, and
 * import a CSV all or nothing. Every change is audited and shows on /newserve, the home page's
 * 今日开服 and the game page at once. Rules and messages: api/protocol/open-servers.ts.
 */

export const StaffOpenServer = v.object({
  id: positive,
  game_id: positive,
  game_name: v.string(),
  platform_game_id: positive,
  server_name: v.string(),
  open_at: instant,
});
export type StaffOpenServer = v.InferOutput<typeof StaffOpenServer>;

const ITEM_DOC = '{ id, game_id, game_name, platform_game_id, server_name, open_at }';

function chinaDay(message: string): Field<string, string> {
  return field({ type: 'string', required: true, rule: 'YYYY-MM-DD（北京时间）', message }, (value) => {
    const t = textOf(value);
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
    if (!m) return { ok: false, message };
    const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return at.getUTCDate() === Number(m[3]) && at.getUTCMonth() === Number(m[2]) - 1 ? { ok: true, value: t } : { ok: false, message };
  });
}

function openAt(): Field<string, Date> {
  return field({ type: 'string', required: true, rule: 'YYYY-MM-DD HH:mm（北京时间）', message: OPEN_SERVER_MSG.timeInvalid }, (value) => {
    const at = parseChinaDateTime(textOf(value));
    return at ? { ok: true, value: at } : { ok: false, message: OPEN_SERVER_MSG.timeInvalid };
  });
}

function serverName(): Field<string, string> {
  return field({ type: 'string', required: true, rule: '1–20 个字，无换行', message: [OPEN_SERVER_MSG.nameRequired, OPEN_SERVER_MSG.nameTooLong, OPEN_SERVER_MSG.nameControl] }, (value) => {
    const t = textOf(value);
    const problem = serverNameProblem(t);
    return problem ? { ok: false, message: problem } : { ok: true, value: t };
  });
}

function csvText(): Field<string, string> {
  return field({ type: 'string', required: true, rule: `CSV 文本（UTF-8），至多 ${IMPORT_TEXT_MAX} 个字符`, message: [OPEN_SERVER_MSG.csvEmpty, OPEN_SERVER_MSG.csvTooLong] }, (value) => {
    if (typeof value !== 'string' || value.trim() === '') return { ok: false, message: OPEN_SERVER_MSG.csvEmpty };
    return value.length > IMPORT_TEXT_MAX ? { ok: false, message: OPEN_SERVER_MSG.csvTooLong } : { ok: true, value };
  });
}

function keyword(): Field<string | undefined, string> {
  return field({ type: 'string', required: false, rule: '游戏名的一部分或游戏ID；空则按名称列出前 20 个' }, (value) => ({ ok: true, value: textOf(value).slice(0, 40) }));
}

export const games = defineStaffCall({
  path: '/staff/api/open-servers/games',
  roles: OPEN_SERVER_ROLES,
  summary: '选择游戏：按游戏ID或名称（包含）查找，至多 20 个，含尚未上线的',
  fields: { keyword: keyword() },
  answer: staffAnswer(v.object({ list: v.array(v.object({ id: positive, name: v.string() })) }), '{ list: [{ id, name }] }'),
});

export const list = defineStaffCall({
  path: '/staff/api/open-servers/list',
  roles: OPEN_SERVER_ROLES,
  summary: '开服记录：from..to（北京时间的日期，含两端，最长 93 天），可按游戏筛选，按开服时间排序分页',
  fields: { from: chinaDay(OPEN_SERVER_MSG.rangeInvalid), to: chinaDay(OPEN_SERVER_MSG.rangeInvalid), game_id: optionalId(OPEN_SERVER_MSG.gameUnknown), ...PAGE_FIELDS },
  answer: staffAnswer(page(StaffOpenServer), `{ list: [${ITEM_DOC}], total, page, limit }；拒绝：${OPEN_SERVER_MSG.rangeInvalid}`),
});

export const create = defineStaffCall({
  path: '/staff/api/open-servers/create',
  roles: OPEN_SERVER_ROLES,
  summary: '添加一条开服记录（游戏的第一个版本），审计 openServers.create',
  fields: { game_id: id(OPEN_SERVER_MSG.gameMissing), server_name: serverName(), open_at: openAt() },
  answer: staffAnswer(v.object({ server: StaffOpenServer }), `{ server: ${ITEM_DOC} }；拒绝：${OPEN_SERVER_MSG.gameUnknown} / ${OPEN_SERVER_MSG.timeOutOfRange} / ${OPEN_SERVER_MSG.duplicate}`),
});

export const update = defineStaffCall({
  path: '/staff/api/open-servers/update',
  roles: OPEN_SERVER_ROLES,
  summary: '修改一条开服记录（游戏、区服名称、开服时间），审计 openServers.update（前后值）',
  fields: { id: id(OPEN_SERVER_MSG.notFound), game_id: id(OPEN_SERVER_MSG.gameMissing), server_name: serverName(), open_at: openAt() },
  answer: staffAnswer(v.object({ server: StaffOpenServer }), `{ server: ${ITEM_DOC} }；拒绝：${OPEN_SERVER_MSG.notFound} / ${OPEN_SERVER_MSG.gameUnknown} / ${OPEN_SERVER_MSG.timeOutOfRange} / ${OPEN_SERVER_MSG.duplicate}`),
});

export const remove = defineStaffCall({
  path: '/staff/api/open-servers/remove',
  roles: OPEN_SERVER_ROLES,
  summary: '删除一条开服记录，审计 openServers.remove（删除前的记录）',
  fields: { id: id(OPEN_SERVER_MSG.notFound) },
  answer: staffAnswer(v.object({ id: positive }), `{ id }；拒绝：${OPEN_SERVER_MSG.notFound}`),
});

export const ImportRefusal = v.object({ row: positive, message: v.string() });

export const importCsv = defineStaffCall({
  path: '/staff/api/open-servers/import',
  roles: OPEN_SERVER_ROLES,
  summary:
    'CSV 批量导入（全部或全不）：每行 游戏ID或游戏全名, 区服名称, 开服时间（YYYY-MM-DD HH:mm 北京时间）；可有表头行；至多 1000 行。任何一行不通过则不导入任何记录，refused 列出行号与原因；全部通过则在一个事务内导入，审计 openServers.import',
  fields: { csv: csvText() },
  answer: staffAnswer(
    v.object({ added: count, refused: v.array(ImportRefusal), servers: v.array(StaffOpenServer) }),
    '{ added, refused: [{ row, message }], servers }；msg 已导入 N 条开服记录 / 有 N 行未通过校验，未导入任何记录（added 0）；拒绝：无法读取CSV文件… / 文件中没有开服记录 / 一次最多导入1000行',
  ),
});
