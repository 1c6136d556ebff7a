import * as v from 'valibot';
import { answer, defineCall, field, id } from '../call-spec.ts';
import { checkIdCard, checkRealName, NAME_MAX, NAME_MIN, REAL_NAME_MSG, AgeBand } from '../real-name.ts';

/** The real-name state of the signed-in account (another page, /accountsafety, reads this shape too). */
export const IdentityCard = v.object({
  /** 1 verified, 0 not. */
  status: v.picklist([0, 1]),
  /** Masked: 张*三; '' when not verified. */
  real_name: v.string(),
  /** Masked: 1101**********1234; '' when not verified. */
  id_card: v.string(),
  age_band: v.union([AgeBand, v.literal('')]),
});
export type IdentityCard = v.InferOutput<typeof IdentityCard>;

/** Whether the date is in the future needs the server's clock: the local verifier checks it. */
const NO_LATER_THAN_ANY_DAY = '9999-12-31';

export const realNameAuth = defineCall({
  path: '/api/user/realNameAuth',
  auth: 'required',
  summary: '实名认证：姓名与身份证号码（GB 11643-1999），一次认证不可修改，一个身份证最多绑定3个账号，每账号每天最多10次',
  fields: {
    real_name: field<string, string>(
      { type: 'string', required: true, rule: `${NAME_MIN}–${NAME_MAX} 个汉字，可含间隔号 ·`, message: [REAL_NAME_MSG.nameRequired, REAL_NAME_MSG.nameFormat] },
      (value) => checkRealName(typeof value === 'string' ? value : ''),
    ),
    id_card: field<string, string>(
      { type: 'string', required: true, rule: '18 位，末位校验码（x 可小写），出生日期真实且不晚于今天', message: [REAL_NAME_MSG.idRequired, REAL_NAME_MSG.idFormat, REAL_NAME_MSG.idBirthDate, REAL_NAME_MSG.idCheckDigit] },
      (value) => {
        const checked = checkIdCard(typeof value === 'string' ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : '', NO_LATER_THAN_ANY_DAY);
        return checked.ok ? { ok: true, value: checked.value.number } : checked;
      },
    ),
  },
  answer: answer(IdentityCard, '{ status: 1, real_name, id_card (masked), age_band }; msg 实名认证成功'),
});

export const getIdentityCard = defineCall({
  path: '/api/user/getIdentityCard',
  auth: 'required',
  summary: '自己的实名状态：是否认证、姓名与身份证号码（打码）、年龄段',
  fields: {},
  answer: answer(IdentityCard, "{ status: 0 | 1, real_name: '张*三' | '', id_card: '1101**********1234' | '', age_band: 'adult' | '16-18' | '8-16' | 'under8' | '' }"),
});

/** A play session the server grants (/zaixianwan). */
export const PlayGrant = v.object({
  /** The H5 page with its ticket: /play/h5/<platform_game_id>?ticket=… */
  url: v.string(),
  /** ISO time the session ends (a minor's 21:00 China time, or the ticket's life). */
  until: v.string(),
  age_band: AgeBand,
  /**
 * Set when `until` is a hard end (a minor's play window closes then): the page ends the game at
 * `until` without a reload and shows this text. null when `until` is only the ticket's life
 * (heartbeats extend it).
 */
  end_message: v.nullable(v.string()),
});
export type PlayGrant = v.InferOutput<typeof PlayGrant>;

/** startPlay's refusal data: 'realName' (verify first), 'hours' (a minor outside the hours), 'game' (not playable). */
export const PlayRefusal = v.object({
  reason: v.picklist(['realName', 'hours', 'game']),
  message: v.string(),
});
export type PlayRefusal = v.InferOutput<typeof PlayRefusal>;

export const startPlay = defineCall({
  path: '/api/game/startPlay',
  auth: 'required',
  summary: '开始在线玩（H5）：实名且符合未成年人游戏时段时发放带票据的游戏地址',
  fields: {
    platform_game_id: id(),
  },
  answer: answer(v.union([PlayGrant, PlayRefusal]), '{ url, until, age_band, end_message（非空时 until 为硬性结束时间：未成年人时段结束，页面到点结束游戏并显示该文字） }; a refusal (code -1) carries { reason, message }'),
  // /zaixianwan shows the refusal with its way on (去实名认证, the minors' hours) in place of the game.
  pageShowsRefusal: true,
});
