import * as v from 'valibot';
import { answer, defineCall, type Field, field, instant, int, NULL_ANSWER, page, PAGE_ERROR, textOf } from '../call-spec.ts';
import { Sex } from '../profile-rules.ts';
import { ChatMessage, ServiceQueue } from '../service-chat.ts';

export type { ChatMessage } from '../service-chat.ts';

/** The player's own account and the customer-service chat (/api/user/…). */

export const CHAT_DEFAULT_LIMIT = 20;
export const CHAT_MAX_LIMIT = 50;
export const MESSAGE_MAX_LENGTH = 500;
export const CHAT_MSG = {
  contentRequired: '请输入消息内容',
  contentTooLong: `消息内容不能超过${MESSAGE_MAX_LENGTH}字`,
  badImage: '图片无效，请重新上传',
} as const;

/** A chat message on the wire (documents). */
const MESSAGE_DOC = '{ id, direction "in"（玩家）| "out"（客服）, kind "user" | "welcome" | "auto" | "agent" | "system", content, image（图片地址或 null）, agent（客服名 如 客服007 或 null）, created_at }';
const QUEUE_DOC = '{ state "none" | "queued" | "open" | "closed", conversation_id, position（排队第几位）, agent, last_message_id, status "online" | "offline", text（排队中 第N位 / 客服XX为您服务 / 已结束） }';

/** The chat's paging: a JSON number or a string of digits (no spaces), from 1. */
function chatInt(rule: string, fallback: number, max = Number.MAX_SAFE_INTEGER): Field<number | string | undefined, number> {
  return field({ type: 'int', required: false, rule, message: PAGE_ERROR }, (value) => {
    if (value === undefined || value === null || value === '') return { ok: true, value: fallback };
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(n) && n >= 1 ? { ok: true, value: Math.min(n, max) } : { ok: false, message: PAGE_ERROR };
  });
}

const chatPage = () => chatInt('从 1 起，默认 1；第 1 页是最新的消息', 1);
const chatLimit = () => chatInt(`默认 ${CHAT_DEFAULT_LIMIT}，最多 ${CHAT_MAX_LIMIT}`, CHAT_DEFAULT_LIMIT, CHAT_MAX_LIMIT);

export const ChatPage = page(ChatMessage);
export type ChatPage = v.InferOutput<typeof ChatPage>;

export const getUserInfo = defineCall({
  path: '/api/user/getUserInfo',
  auth: 'required',
  summary: '当前玩家的资料（我的页头部）',
  fields: {},
  answer: answer(
    v.object({
      uuid: v.string(),
      nickname: v.string(),
      avatar: v.string(),
      phone: v.string(),
      /** 乐玩币 (币, up to two decimals). */
      coins: v.number(),
      points: int,
      has_password: v.boolean(),
      created_at: instant,
      real_name: v.picklist([0, 1]),
      sex: Sex,
      birthday: v.nullable(v.string()),
    }),
    '{ uuid, nickname, avatar（未上传时是按昵称生成的 data: SVG）, phone（打码 138****8000）, coins, points, has_password, created_at（ISO）, real_name（0/1）, sex, birthday }',
  ),
});

export const changeActiveRecord = defineCall({
  path: '/api/user/changeActiveRecord',
  auth: 'required',
  summary: '记录玩家活跃（打开 App 时）',
  fields: {},
  answer: answer(NULL_ANSWER, 'null'),
});

export const getWatermark = defineCall({
  path: '/api/user/getWatermark',
  auth: 'required',
  summary: '屏幕水印码：每个玩家固定的 8 位码，用于追查泄露的截图',
  fields: {},
  answer: answer(v.object({
    code: v.string(),
  }), '{ code }（8 位大写十六进制）'),
});

export const logout = defineCall({
  path: '/api/user/logout',
  auth: 'required',
  summary: '退出登录：结束本次登录（其他设备的登录不受影响）',
  fields: {},
  answer: answer(NULL_ANSWER, 'null；msg 退出成功'),
});

export const getUnreadMessage = defineCall({
  path: '/api/user/getUnreadMessage',
  auth: 'required',
  summary: '客服未读消息轮询（每 20 秒）：最新一条未读的客服消息；第一次调用时放入欢迎语',
  fields: {},
  answer: answer(v.nullable(v.object({
    id: int,
    content: v.string(),
  })), '{ id, content }，没有未读时 null'),
});

export const getServiceStatus = defineCall({
  path: '/api/user/getServiceStatus',
  auth: 'optional',
  summary: '客服是否在线（PROTOCOL §7）；服务时间 每日 9:00-23:00（北京时间），可由 SERVICE_STATUS 固定',
  fields: {},
  answer: answer(v.picklist(['online', 'offline']), '"online" | "offline"'),
});

export const getChatLink = defineCall({
  path: '/api/user/getChatLink',
  auth: 'required',
  summary: '打开客服对话：最新一页消息（旧的在前），并把已送达的客服消息标为已读；附排队状态',
  fields: { limit: chatLimit() },
  answer: answer(v.object({
    ...ChatPage.entries,
    service: v.object({
      hours: v.string(),
      status: v.picklist(['online', 'offline']),
    }),
    queue: ServiceQueue,
  }), `{ list: [${MESSAGE_DOC}], total, page: 1, limit, service: { hours, status }, queue: ${QUEUE_DOC} }`),
});

export const getChatLinkRecord = defineCall({
  path: '/api/user/getChatLinkRecord',
  auth: 'required',
  summary: '客服对话的更早记录：第 2 页起越翻越早；每页内旧的在前',
  fields: { page: chatPage(), limit: chatLimit() },
  answer: answer(ChatPage, '{ list: [{ id, direction, kind, content, image, agent, created_at }], total, page, limit }'),
});

export const sendServiceMessage = defineCall({
  path: '/api/user/sendServiceMessage',
  auth: 'required',
  summary: '给客服发消息（文字和/或本人上传的图片）；没有进行中的会话时开始排队；无人工客服接待时自动客服约 3 秒后回复（1 分钟内已回复过则不再自动回复）',
  fields: {
    content: field<string | undefined, string>({ type: 'string', required: false, rule: `去掉首尾空白后最多 ${MESSAGE_MAX_LENGTH} 个字；没有图片时必填`, message: CHAT_MSG.contentTooLong }, (value) => {
      const content = typeof value === 'string' ? value.trim() : '';
      return Array.from(content).length > MESSAGE_MAX_LENGTH ? { ok: false, message: CHAT_MSG.contentTooLong } : { ok: true, value: content };
    }),
    image: field<string | undefined, string>({ type: 'string', required: false, rule: '本人上传的聊天图片（getUploadTos purpose "service" 的上传答复 key）' }, (value) => ({ ok: true, value: textOf(value) })),
  },
  answer: answer(v.object({
    message: ChatMessage,
    reply_in_ms: v.nullable(int),
    queue: ServiceQueue,
  }), `{ message: ${MESSAGE_DOC}, reply_in_ms（自动回复多久后可见，不回复时 null）, queue: ${QUEUE_DOC} }；msg 发送成功；文字和图片都没有时 -1 请输入消息内容，图片不是本人上传的 -1 图片无效，请重新上传`),
});
