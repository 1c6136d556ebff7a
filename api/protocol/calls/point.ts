import { answer, defineCall, field, isAbsent, NULL_ANSWER } from '../call-spec.ts';
import { MSG } from '../codes.ts';
import { POINT_PATH } from '../wire.ts';

/** SPEC §7 "/point (analytics)", sent in the tracking variant of the wire (PROTOCOL §2). */

export const POINT_TITLE_MAX_LENGTH = 64;
export const PLATFORM_ID_MAX_LENGTH = 64;
/** PostgreSQL `integer` columns hold at most 2^31 − 1. */
const INT4_MAX = 2_147_483_647;

/** A positive integer, as a JSON number or a digit string without leading zeros; null for anything else. */
function positiveIntOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[1-9]\d*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= INT4_MAX ? n : null;
}

const refused = { ok: false as const, message: MSG.paramError };

const idRule = '正整数（字符串不带前导 0）';

const requiredId = () =>
  field<number | string, number>({ type: 'id', required: true, rule: idRule, message: MSG.paramError }, (value) => {
    const n = positiveIntOf(value);
    return n === null ? refused : { ok: true, value: n };
  });

/** An optional id: null when absent. */
const optionalPointId = () =>
  field<number | string | undefined, number | null>({ type: 'id', required: false, rule: idRule, message: MSG.paramError }, (value) => {
    if (isAbsent(value)) return { ok: true, value: null };
    const n = positiveIntOf(value);
    return n === null ? refused : { ok: true, value: n };
  });

export const point = defineCall({
  path: POINT_PATH,
  auth: 'optional',
  summary: '埋点（统计）：以埋点格式发送（text/plain base64，双重 md5 签名）；带过期 token 时照样匿名记录',
  fields: {
    point_id: requiredId(),
    point_title: field<string, string>({ type: 'string', required: true, rule: `去掉首尾空白后 1–${POINT_TITLE_MAX_LENGTH} 个字`, message: MSG.paramError }, (value) => {
      if (typeof value !== 'string') return refused;
      const title = value.trim();
      return title !== '' && Array.from(title).length <= POINT_TITLE_MAX_LENGTH ? { ok: true, value: title } : refused;
    }),
    game_id: optionalPointId(),
    platform_game_id: optionalPointId(),
    platform_id: field<string | number | undefined, string | null>({ type: 'string', required: false, rule: `最多 ${PLATFORM_ID_MAX_LENGTH} 个字符`, message: MSG.paramError }, (value) => {
      if (isAbsent(value)) return { ok: true, value: null };
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
      return text !== '' && text.length <= PLATFORM_ID_MAX_LENGTH ? { ok: true, value: text } : refused;
    }),
  },
  answer: answer(NULL_ANSWER, 'null；msg 埋点成功（客户端不显示）'),
});
