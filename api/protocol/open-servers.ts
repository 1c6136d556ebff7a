/**
 * 开服表 as the operators keep it (docs/staff-console.md "开服表"): the rules of one open-server
 * row and of a CSV import, shared by the staff calls (api/protocol/staff/open-servers.ts), the
 * server and the console. No imports: the console's bundle takes these without schema code.
 */

/** Who keeps the table besides admin (the staff calls and the console module read this). */
export const OPEN_SERVER_ROLES = ['operator'] as const;

/** A server name as players see it on /newserve and the game page (e.g. 双线1服). */
export const SERVER_NAME_MAX = 20;
/** Rows one CSV import may carry (a week of a busy platform is a few hundred). */
export const IMPORT_ROWS_MAX = 1000;
/** The CSV as sent, in characters (1,000 rows of a long game name and server name fit). */
export const IMPORT_TEXT_MAX = 200_000;
/** How far back and ahead of today (China time) an open time may be. */
export const OPEN_AT_PAST_DAYS = 30;
export const OPEN_AT_AHEAD_DAYS = 180;
/** The longest date range the list reads at once. */
export const LIST_RANGE_DAYS_MAX = 93;

export const OPEN_SERVER_MSG = {
  gameMissing: '请选择游戏',
  gameUnknown: '游戏不存在',
  gameNoPlatform: '该游戏没有可下载的版本',
  nameRequired: '请填写区服名称',
  nameTooLong: `区服名称不能超过${SERVER_NAME_MAX}个字`,
  nameControl: '区服名称不能包含换行或控制字符',
  timeInvalid: '开服时间格式应为 YYYY-MM-DD HH:mm（北京时间）',
  timeOutOfRange: `开服时间须在今天前${OPEN_AT_PAST_DAYS}天到后${OPEN_AT_AHEAD_DAYS}天之内`,
  duplicate: '该游戏在同一时间已有同名区服',
  duplicateInFile: '与文件中前面的一行重复',
  notFound: '开服记录不存在或已被删除',
  rangeInvalid: `日期范围无效（YYYY-MM-DD，最长${LIST_RANGE_DAYS_MAX}天）`,
  columns: '每行应为三列：游戏ID或游戏全名, 区服名称, 开服时间',
  csvEmpty: '文件中没有开服记录',
  csvTooMany: `一次最多导入${IMPORT_ROWS_MAX}行`,
  csvTooLong: '文件过大，请分批导入',
  csvUnreadable: '无法读取CSV文件，请检查引号是否成对',
  created: '开服记录已添加',
  updated: '开服记录已保存',
  removed: '开服记录已删除',
} as const;

export const importedMsg = (count: number) => `已导入 ${count} 条开服记录`;
export const importRefusedMsg = (count: number) => `有 ${count} 行未通过校验，未导入任何记录`;

/** A control character or a line break: never part of a name players see. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The server name's problem, or null when it may be used (counted in characters, as players see them). */
export function serverNameProblem(name: string): string | null {
  if (name === '') return OPEN_SERVER_MSG.nameRequired;
  if (CONTROL.test(name)) return OPEN_SERVER_MSG.nameControl;
  if ([...name].length > SERVER_NAME_MAX) return OPEN_SERVER_MSG.nameTooLong;
  return null;
}

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A China-time wall clock reading, 'YYYY-MM-DD HH:mm' (also '/' between the date's parts, one-digit
 * month, day and hour, ':ss' = 00, a 'T' for the space), as the instant it names; null for
 * anything else, a day that does not exist (2027-02-30) included.
 */
export function parseChinaDateTime(text: string): Date | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second !== 0) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return new Date(utc - CHINA_OFFSET_MS);
}

/** The instant as the console and the CSV write it: 'YYYY-MM-DD HH:mm', China time. */
export function formatChinaDateTime(at: Date | number | string): string {
  const shifted = new Date(new Date(at).getTime() + CHINA_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}

/** Whether an open time is within the window an operator may set, by today's date in China. */
export function openAtAllowed(openAt: Date, now: Date): boolean {
  const today = Math.floor((now.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
  return openAt.getTime() >= today - OPEN_AT_PAST_DAYS * DAY_MS && openAt.getTime() < today + (OPEN_AT_AHEAD_DAYS + 1) * DAY_MS;
}

/** Which game a CSV row names: its id (digits only) or its exact name. */
export type GameRef = { id: number } | { name: string };

export type ParsedRow = { ok: true; game: GameRef; server_name: string; open_at: Date } | { ok: false; message: string };

/**
 * One CSV record (its cells as the CSV parser gives them) as an open-server row, checked for
 * everything but whether the game exists and duplicates (the server knows those): three cells
 * (a fourth and later empty ones, as spreadsheets leave, are ignored), the game as an id or a
 * name, the server name, the open time in China time within the allowed window.
 */
export function parseOpenServerRow(cells: readonly string[], now: Date): ParsedRow {
  const trimmed = cells.map((cell) => cell.trim());
  while (trimmed.length > 3 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  if (trimmed.length !== 3) return { ok: false, message: OPEN_SERVER_MSG.columns };
  const [game, serverName, time] = trimmed as [string, string, string];
  if (game === '') return { ok: false, message: OPEN_SERVER_MSG.gameMissing };
  const nameProblem = serverNameProblem(serverName);
  if (nameProblem) return { ok: false, message: nameProblem };
  const openAt = parseChinaDateTime(time);
  if (!openAt) return { ok: false, message: OPEN_SERVER_MSG.timeInvalid };
  if (!openAtAllowed(openAt, now)) return { ok: false, message: OPEN_SERVER_MSG.timeOutOfRange };
  const ref: GameRef = /^\d{1,9}$/.test(game) && Number(game) > 0 ? { id: Number(game) } : { name: game };
  return { ok: true, game: ref, server_name: serverName, open_at: openAt };
}

/** Whether a CSV's first record is a header (游戏, 区服, 时间 …) rather than a row. */
export function isHeaderRow(cells: readonly string[]): boolean {
  const first = (cells[0] ?? '').trim().replace(/^\uFEFF/, '');
  return /^(游戏|game)/i.test(first) && parseChinaDateTime(cells[2] ?? '') === null;
}
