import { checkBirthday, getUploadTos, headerImgEdit, PROFILE_MSG, updateUserInfo } from '../../api/protocol/calls/profile.ts';
import { FEEDBACK_LOG_MAX_BYTES } from '../../api/protocol/help-rules.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { chinaDate } from '../china-time.ts';
import type { ServerConfig } from '../config.ts';
import { createNicknameWordList, type NicknameWordList } from './nickname-words.ts';
import { ACCEPTED_IMAGE_TYPES, issueUploadTicket, MAX_UPLOAD_BYTES, mediaUrl, UPLOAD_TICKET_TTL_MS, uploadUrl } from '../uploads/index.ts';
import { taskOnAvatarSet } from '../tasks/index.ts';

/** Profile calls: upload ticket, avatar, nickname / sex / birthday. Fields: api/protocol/calls/profile.ts. */

const wordLists = new WeakMap<readonly string[], NicknameWordList>();
function wordListOf(config: ServerConfig): NicknameWordList {
  let list = wordLists.get(config.nicknameBlockedWords);
  if (!list) {
    list = createNicknameWordList(config.nicknameBlockedWords);
    wordLists.set(config.nicknameBlockedWords, list);
  }
  return list;
}

export const profileCalls = defineCalls(
  handle(getUploadTos, async ({ kv, user, input }) => {
    const ticket = await issueUploadTicket(kv, user.id, input.purpose);
    // An event log is JSON of at most FEEDBACK_LOG_MAX_BYTES; everything else is a picture.
    const limits = input.purpose === 'event_log' ? { max_bytes: FEEDBACK_LOG_MAX_BYTES, accept: ['application/json'] } : { max_bytes: MAX_UPLOAD_BYTES, accept: ACCEPTED_IMAGE_TYPES };
    return ok({ url: uploadUrl(ticket), method: 'POST' as const, expires_in: UPLOAD_TICKET_TTL_MS / 1000, ...limits });
  }),

  handle(headerImgEdit, async ({ db, user, input, config, now }) => {
    // Only an object this player uploaded as an avatar: never another player's key, never a URL.
    const upload = await db
      .selectFrom('uploads')
      .select('object_key')
      .where('user_id', '=', user.id)
      .where('object_key', '=', input.image)
      .where('purpose', '=', 'avatar')
      .executeTakeFirst();
    if (!upload) return refuse(PROFILE_MSG.badAvatar);
    await db.updateTable('users').set({ avatar: upload.object_key }).where('id', '=', user.id).execute();
    await taskOnAvatarSet(db, user.id, upload.object_key, now);
    return ok({ avatar: mediaUrl(config, upload.object_key) }, PROFILE_MSG.avatarSaved);
  }),

  handle(updateUserInfo, async ({ db, user, input, config, now }) => {
    const { nickname, sex, birthday } = input;
    if (nickname === undefined && sex === undefined && birthday === undefined) return refuse(PROFILE_MSG.nothingToSave);
    if (nickname !== undefined && wordListOf(config).find(nickname) !== null) return refuse(PROFILE_MSG.nicknameWord);
    if (birthday !== undefined) {
      const checked = checkBirthday(birthday, chinaDate(now));
      if (!checked.ok) return refuse(checked.message);
    }
    const row = await db
      .updateTable('users')
      .set({ ...(nickname !== undefined ? { nickname } : {}), ...(sex !== undefined ? { sex } : {}), ...(birthday !== undefined ? { birthday } : {}) })
      .where('id', '=', user.id)
      .returning(['nickname', 'sex', 'birthday'])
      .executeTakeFirstOrThrow();
    return ok({ nickname: row.nickname, sex: row.sex, birthday: row.birthday }, PROFILE_MSG.saved);
  }),
);
