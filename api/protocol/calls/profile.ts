import * as v from 'valibot';
import { answer, choice, defineCall, field, isAbsent, textOf } from '../call-spec.ts';
import { checkBirthday, checkNickname, checkSex, NICKNAME_MAX, NICKNAME_MIN, PROFILE_MSG, UPLOAD_PURPOSES, type Checked, Sex } from '../profile-rules.ts';

export * from '../profile-rules.ts';

/**
 * Profile: nickname, sex, birthday (updateUserInfo) and the avatar (getUploadTos → upload →
 * headerImgEdit). The field rules: api/protocol/profile-rules.ts.
 */

// ---- Calls ----

/** What getUploadTos answers: where and how to send the bytes, for how long. */
export const UploadTicket = v.object({
  /** A path of this server (resolve against the api base): POST the raw image bytes there. */
  url: v.string(),
  method: v.literal('POST'),
  /** Seconds the ticket lives; it is good for one upload. */
  expires_in: v.number(),
  max_bytes: v.number(),
  /** The accepted kinds; the server checks the bytes themselves, not the declared type. */
  accept: v.array(v.string()),
});
export type UploadTicket = v.InferOutput<typeof UploadTicket>;

export const getUploadTos = defineCall({
  path: '/api/upload/getUploadTos',
  auth: 'required',
  summary: '申请一次性上传凭证（purpose avatar 头像、service 客服聊天图片、feedback 反馈图片、trade 小号截图、event_log 反馈附带的使用记录）：几分钟内有效，只能用一次，绑定本人和用途',
  fields: {
    purpose: choice(UPLOAD_PURPOSES, PROFILE_MSG.badPurpose),
  },
  answer: answer(UploadTicket, '{ url, method, expires_in, max_bytes, accept }'),
});

export const headerImgEdit = defineCall({
  path: '/api/user/headerImgEdit',
  auth: 'required',
  summary: '把头像设为本人上传过的一张图片（上传答复的 key）',
  fields: {
    image: field<string, string>({ type: 'string', required: true, rule: '本人上传的对象 key', message: PROFILE_MSG.badAvatar }, (value) => {
      const key = textOf(value);
      return key === '' ? { ok: false, message: PROFILE_MSG.badAvatar } : { ok: true, value: key };
    }),
  },
  answer: answer(v.object({
    avatar: v.string(),
  }), '{ avatar }: the avatar URL; msg 头像修改成功'),
});

/** Absent (undefined, null, '') leaves the field as it is; `keepEmpty`: only undefined and null do (an empty nickname is a mistake to point out). */
function optional<T>(check: (raw: unknown) => Checked<T>, keepEmpty = false) {
  return (value: unknown): Checked<T | undefined> => ((keepEmpty ? value === undefined || value === null : isAbsent(value)) ? { ok: true, value: undefined } : check(value));
}

export const updateUserInfo = defineCall({
  path: '/api/user/updateUserInfo',
  auth: 'required',
  summary: '修改昵称、性别、生日（只改传来的字段）',
  fields: {
    nickname: field<string | undefined, string | undefined>(
      { type: 'string', required: false, rule: `去掉首尾空格后 ${NICKNAME_MIN}–${NICKNAME_MAX} 个字符，无控制字符，不含禁用词`, message: [PROFILE_MSG.nicknameEmpty, PROFILE_MSG.nicknameChars, PROFILE_MSG.nicknameLength] },
      optional(checkNickname, true),
    ),
    sex: field<0 | 1 | 2 | '0' | '1' | '2' | undefined, Sex | undefined>({ type: '0 | 1 | 2', required: false, rule: '0 保密 / 1 男 / 2 女', message: PROFILE_MSG.badSex }, optional(checkSex)),
    birthday: field<string | undefined, string | undefined>(
      { type: 'string', required: false, rule: 'YYYY-MM-DD，1900-01-01 至今天（中国时间）', message: [PROFILE_MSG.badBirthday, PROFILE_MSG.earlyBirthday, PROFILE_MSG.futureBirthday] },
      optional((raw) => checkBirthday(raw)),
    ),
  },
  answer: answer(v.object({
    nickname: v.string(),
    sex: Sex,
    birthday: v.nullable(v.string()),
  }), '{ nickname, sex, birthday }; msg 修改成功'),
});
