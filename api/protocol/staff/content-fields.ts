import { field, INT32_MAX, isAbsent, positiveInt, textOf, type Field } from '../call-spec.ts';
import { charCount, isRoutePath, MESSAGE_LINK_DATA_MAX, MESSAGE_MSG, NOTICE_TITLE_MAX, type MessageLink } from '../messages.ts';

/**
 * Field kinds and messages of the staff console's content calls (feedback, notices, broadcasts,
 * help articles; docs/staff-console.md). Not a call group: api/protocol/staff/all.ts lists the
 * groups that use these.
 */

export const CONTENT_MSG = {
  filter: '筛选条件错误',
  badRequestId: '请求编号格式不正确，请刷新页面后重试',
  popupFlag: '请选择是否弹窗',
  publishedFlag: '请选择上线或下线',
  sortOrder: '排序值须为0–9999的整数',
  noticeWithdrawn: '公告已撤回',
  noticePublished: '公告已发布',
  broadcastSent: '消息已发送',
  articleSaved: '文章已保存',
  articleCreated: '文章已创建',
  articleOnline: '文章已上线',
  articleOffline: '文章已下线',
  categorySaved: '分类已保存',
} as const;

/** The console's idempotency key: a UUID made per form, sent again when the same submit is retried. */
export const STAFF_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function staffRequestId(): Field<string, string> {
  return field({ type: 'string', required: true, rule: '16–64 个字母、数字、_ 或 -；同一次提交的重试用同一个', message: CONTENT_MSG.badRequestId }, (value) => {
    const key = textOf(value);
    return STAFF_REQUEST_ID_PATTERN.test(key) ? { ok: true, value: key } : { ok: false, message: CONTENT_MSG.badRequestId };
  });
}

/** "1" / "0" (or true / false): a switch; absent is `absent`. */
export function flag(message: string, absent: boolean | null): Field<'1' | '0' | 1 | 0 | boolean | undefined, boolean> {
  return field({ type: '"1" | "0"', required: absent === null, rule: absent === null ? '1 是，0 否' : `1 是，0 否；默认 ${absent ? '1' : '0'}`, message }, (value) => {
    if (absent !== null && (value === undefined || value === null || value === '')) return { ok: true, value: absent };
    const t = typeof value === 'boolean' ? (value ? '1' : '0') : textOf(value);
    return t === '1' || t === '0' ? { ok: true, value: t === '1' } : { ok: false, message };
  });
}

/** Any text, kept as written (HTML, a reply): '' when absent or not text. The handler checks it. */
export function rawText(rule: string, messages: readonly string[] = []): Field<string | undefined, string> {
  return field({ type: 'string', required: false, rule, ...(messages.length ? { message: messages } : {}) }, (value) => ({ ok: true, value: typeof value === 'string' ? value : '' }));
}

/** A notice title: one line, 1–60 characters. */
export function noticeTitle(): Field<string, string> {
  return field({ type: 'string', required: true, rule: `1–${NOTICE_TITLE_MAX} 个字`, message: [MESSAGE_MSG.noticeTitleRequired, MESSAGE_MSG.noticeTitleTooLong] }, (value) => {
    const t = textOf(value).replace(/\s+/g, ' ');
    if (t === '') return { ok: false, message: MESSAGE_MSG.noticeTitleRequired };
    return charCount(t) > NOTICE_TITLE_MAX ? { ok: false, message: MESSAGE_MSG.noticeTitleTooLong } : { ok: true, value: t };
  });
}

/**
 * A message link: absent / null → none; else `{ path, data? }` with an app route path and a
 * data object of at most MESSAGE_LINK_DATA_MAX characters of JSON.
 */
export function decodeLink(value: unknown): { ok: true; value: MessageLink | null } | { ok: false; message: string } {
  if (isAbsent(value)) return { ok: true, value: null };
  const bad = { ok: false as const, message: MESSAGE_MSG.messageLinkInvalid };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad;
  const { path, data } = value as Record<string, unknown>;
  if (!isRoutePath(path)) return bad;
  if (data === undefined || data === null) return { ok: true, value: { path } };
  if (typeof data !== 'object' || Array.isArray(data)) return bad;
  let json: string;
  try {
    json = JSON.stringify(data);
  } catch {
    return bad;
  }
  if (json.length > MESSAGE_LINK_DATA_MAX) return bad;
  return { ok: true, value: { path, data: JSON.parse(json) as Record<string, unknown> } };
}

export function messageLink(): Field<MessageLink | null | undefined, MessageLink | null> {
  return field({ type: '{ path, data? } | null', required: false, rule: '应用内页面路径（如 /dailymission）和可选的 data 对象（JSON 至多 1000 个字符）', message: MESSAGE_MSG.messageLinkInvalid }, decodeLink);
}

export const SORT_ORDER_MAX = 9999;

/** An optional sort order, 0–9999; absent is 0. */
export function sortOrder(): Field<number | string | undefined, number> {
  return field({ type: 'int', required: false, rule: `0–${SORT_ORDER_MAX}，小的在前；默认 0`, message: CONTENT_MSG.sortOrder }, (value) => {
    if (isAbsent(value)) return { ok: true, value: 0 };
    if (textOf(value) === '0') return { ok: true, value: 0 };
    const n = positiveInt(value);
    return n === null || n === undefined || n > SORT_ORDER_MAX || n > INT32_MAX ? { ok: false, message: CONTENT_MSG.sortOrder } : { ok: true, value: n };
  });
}
