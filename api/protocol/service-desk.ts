/**
 * The customer-service desk of the staff console (the agents' side): the shapes of
 * its calls' answers and of the agents' event stream, its list names, limits and messages. No
 * imports but types, so the console's bundle takes it without the declarations' schemas
 * (api/protocol/staff/service.ts declares the calls).
 */
import type { ChatMessage, ChatMessageKind } from './service-chat.ts';

/** The desk's lists: 待接入 (queued, oldest first), 我的会话 (open, held by me), 全部进行中 (open, every agent), 最近结束 (closed, newest first). */
export const DESK_VIEWS = ['queued', 'mine', 'open', 'closed'] as const;
export type DeskView = (typeof DESK_VIEWS)[number];

export const DESK_VIEW_NAMES: Record<DeskView, string> = {
  queued: '待接入',
  mine: '我的会话',
  open: '全部进行中',
  closed: '最近结束',
};

export type DeskStatus = 'queued' | 'open' | 'closed';

/** A list's length: default and most. */
export const DESK_LIST_LIMIT = 50;
export const DESK_LIST_MAX = 100;
/** A page of a chat's history: default and most. */
export const DESK_PAGE_LIMIT = 30;
export const DESK_PAGE_MAX = 50;
/** A quick reply's sort key: 0 … this. */
export const QUICK_REPLY_SORT_MAX = 100_000;

/** The last message of a conversation, as a list shows it. */
export interface DeskLastMessage {
  direction: 'in' | 'out';
  kind: ChatMessageKind;
  content: string;
  has_image: boolean;
}

/** A conversation as the desk lists it. */
export interface DeskConversation {
  id: number;
  user_id: number;
  user_uuid: string;
  nickname: string;
  status: DeskStatus;
  /** The staff id of the agent who took it, and what players call them (客服007); null while queued. */
  agent_id: number | null;
  agent: string | null;
  /** The staff account's name of that agent (inside the console only). */
  agent_name: string | null;
  /** Held by the staff member asking. */
  mine: boolean;
  /** Whether the asker may read its messages: an administrator always; an agent while it is queued or when they hold it. */
  readable: boolean;
  /** Place in the queue (1 = next), queued only. */
  position: number | null;
  /** ISO 8601: when the player opened it (waiting time while queued), took, closed, last wrote. */
  created_at: string;
  taken_at: string | null;
  closed_at: string | null;
  last_message_at: string;
  /** null when there is none, or when the asker may not read the conversation. */
  last_message: DeskLastMessage | null;
}

export interface DeskCounts {
  queued: number;
  mine: number;
  open: number;
}

export interface DeskQueue {
  list: DeskConversation[];
  counts: DeskCounts;
  /** The server's clock (ISO 8601): waiting times are counted from it. */
  server_time: string;
}

export interface DeskMessages {
  conversation: DeskConversation;
  /** Oldest first; the page before `before_id` (or the newest page). */
  list: ChatMessage[];
  /** Older messages exist before the first of this page. */
  has_more: boolean;
  server_time: string;
}

export interface QuickReplyView {
  id: number;
  content: string;
  sort: number;
}

/** What uploadTicket answers: POST the picture's bytes to `url` (with the session cookie and X-CSRF-Token). */
export interface DeskUploadTicket {
  url: string;
  method: 'POST';
  expires_in: number;
  max_bytes: number;
  accept: string[];
}

/** What the staff upload path answers on success (its `data`). */
export interface DeskUploaded {
  key: string;
  url: string;
}

/** The console's messages for the desk's own refusals (the agents' rules answer with server/service/conversations.ts AGENT_REFUSAL). */
export const DESK_MSG = {
  notFound: '会话不存在',
  badView: '列表参数错误',
  badPage: '分页参数错误',
  replyTooLong: '回复内容不能超过500字',
  quickReplyNotFound: '快捷回复不存在',
  quickReplyEmpty: '请输入快捷回复内容',
  quickReplyTooLong: '快捷回复不能超过500字',
  badSort: '排序须为0到100000的整数',
  /** Another agent holds (or held) it: its messages are theirs. */
  notReadable: '该会话已被其他客服接待',
  taken: '已接入会话',
  replied: '已发送',
  closed: '会话已结束',
  quickReplyCreated: '快捷回复已添加',
  quickReplyUpdated: '快捷回复已保存',
  quickReplyDeleted: '快捷回复已删除',
} as const;

// ---- The agents' event stream (server/service/agent-stream.ts) ----

/** GET, with the staff session cookie (EventSource sends it on the same origin). */
export const AGENT_STREAM_PATH = '/staff/api/service/stream';

/**
 * conversation  a conversation joined the queue (queued), was taken (open) or closed
 * message       a message in a queued conversation or one the agent holds (an administrator: every one)
 */
export type DeskStreamEvent =
  | { type: 'conversation'; data: { conversation_id: number; user_id: number; status: DeskStatus; agent_id: number | null; agent: string | null } }
  | { type: 'message'; data: { conversation_id: number; user_id: number; message: ChatMessage } };
