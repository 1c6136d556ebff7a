import type { StaffRole } from './staff-codes.ts';

/**
 * 玩家管理 (docs/staff-console.md): the rules of finding and looking after a player, shared by the
 * server (the staff calls) and the console. No imports beyond types, so the console's bundle takes
 * them without the schemas.
 */

/**
 * Who looks after players besides admin: customer service (客服), who answer the players and must
 * find the one writing, see what they hold, end a hijacked account's sessions and lift a lock-out.
 * Not operators (the catalogue and the content, never a person) nor finance (the withdrawal queue
 * shows them the payee they need; a ban is not theirs to make).
 */
export const PLAYER_ADMIN_ROLES: readonly StaffRole[] = ['agent'];

/** A nickname prefix at most this long (nicknames are 2–12 characters; a little slack for pasted text). */
export const PLAYER_QUERY_MAX = 32;
export const PLAYER_BAN_REASON_MAX = 200;

export const PLAYER_ADMIN_MSG = {
  queryLong: `搜索内容最多${PLAYER_QUERY_MAX}个字`,
  missingPlayer: '玩家不存在',
  reasonRequired: '请填写封禁原因',
  reasonLong: `封禁原因最多${PLAYER_BAN_REASON_MAX}个字`,
  banned: '已封禁，该玩家的登录已全部失效',
  alreadyBanned: '该玩家已是封禁状态',
  unbanned: '已解封，该玩家可以重新登录',
  notBanned: '该玩家未被封禁',
  lockoutCleared: '已解除密码登录限制',
  noLockout: '该玩家当前没有密码登录限制',
  cancelledAccount: '该账号已注销，无法操作',
} as const;

/**
 * What a search box's text means. An 11-digit mainland mobile number: that phone exactly. Four
 * digits: a phone's last four, or the player's ID. Other digits (up to 10, within the ID range): the
 * ID. A UUID: the account's uuid. Anything else: the start of a nickname. Blank: every player,
 * newest first.
 */
export type PlayerQuery =
  | { kind: 'all' }
  | { kind: 'phone'; phone: string }
  | { kind: 'lastFour'; digits: string; id: number }
  | { kind: 'id'; id: number }
  | { kind: 'uuid'; uuid: string }
  | { kind: 'nickname'; prefix: string };

const INT32_MAX = 2_147_483_647;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Controls and invisible characters never start a nickname (profile-rules refuses them). */
const CONTROL_CHARS = /[\p{Cc}\u2028\u2029\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

export type PlayerQueryResult = { ok: true; value: PlayerQuery } | { ok: false; message: string };

export function parsePlayerQuery(raw: unknown): PlayerQueryResult {
  const text = (typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : '').replace(CONTROL_CHARS, '').trim();
  if (text === '') return { ok: true, value: { kind: 'all' } };
  // A phone is often pasted as 138 0013 8000 or 138-0013-8000.
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    if (/^1\d{10}$/.test(digits)) return { ok: true, value: { kind: 'phone', phone: digits } };
    if (digits.length === 4) return { ok: true, value: { kind: 'lastFour', digits, id: Number(digits) } };
    if (digits.length <= 10 && Number(digits) >= 1 && Number(digits) <= INT32_MAX) return { ok: true, value: { kind: 'id', id: Number(digits) } };
  }
  if (UUID_PATTERN.test(text)) return { ok: true, value: { kind: 'uuid', uuid: text.toLowerCase() } };
  if ([...text].length > PLAYER_QUERY_MAX) return { ok: false, message: PLAYER_ADMIN_MSG.queryLong };
  return { ok: true, value: { kind: 'nickname', prefix: text } };
}
