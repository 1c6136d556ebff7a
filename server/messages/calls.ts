import {
  deleteMessage,
  getIsPop,
  getMessageDetail,
  getMessageList,
  getNoticeDetail,
  getNoticeList,
  getUnreadNotice,
  markNoticeSeen,
  readAllMessages,
} from '../../api/protocol/calls/messages.ts';
import { MESSAGE_MSG } from '../../api/protocol/messages.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import * as inbox from '../messages/inbox.ts';
import { listNotices, markNoticeSeen as recordNoticeSeen, noticeDetail, popupFor } from '../messages/notices.ts';

/**
 * The message centre and notices (server/messages/). The player's calls read and
 * change only the caller's inbox: another player's message id answers 消息不存在, as a missing one.
 */
export const messageCalls = defineCalls(
  handle(getMessageList, async ({ db, input, user }) => {
    const player = inbox.playerFrom(user);
    return ok(await inbox.listMessages(db, player, input));
  }),
  handle(getMessageDetail, async ({ db, input, user, now }) => {
    const message = await inbox.openMessage(db, inbox.playerFrom(user), input.id, now);
    return message ? ok(message) : refuse(MESSAGE_MSG.messageMissing);
  }),
  handle(readAllMessages, async ({ db, input, user, now }) => {
    const read = await inbox.readAllMessages(db, inbox.playerFrom(user), input.kind, now);
    return ok({ read }, MESSAGE_MSG.readAll);
  }),
  handle(deleteMessage, async ({ db, input, user, now }) => {
    const deleted = await inbox.deleteMessage(db, inbox.playerFrom(user), input.id, now);
    return deleted ? ok(null, MESSAGE_MSG.deleted) : refuse(MESSAGE_MSG.messageMissing);
  }),
  handle(getUnreadNotice, async ({ db, user }) => ok(await inbox.unreadCounts(db, inbox.playerFrom(user)))),
  handle(getIsPop, async ({ db, user, now }) => ok(await popupFor(db, user.id, now))),
  handle(markNoticeSeen, async ({ db, input, user, now }) => {
    const seen = await recordNoticeSeen(db, user.id, input.id, now);
    return seen ? ok({ id: input.id, first: seen.first }) : refuse(MESSAGE_MSG.noticeMissing);
  }),
  handle(getNoticeList, async ({ db, input, now }) => ok(await listNotices(db, now, input.page, input.limit))),
  handle(getNoticeDetail, async ({ db, input, now }) => {
    const notice = await noticeDetail(db, input.id, now);
    return notice ? ok(notice) : refuse(MESSAGE_MSG.noticeMissing);
  }),
);
