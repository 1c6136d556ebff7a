import type { ApiOutcome } from '../api/outcome.ts';
import type { ServiceStatus } from './service-poll.types.ts';

/** One chat line: 'in' user → service, 'out' service → user. */
export interface ChatMessage {
  id: number;
  direction: 'in' | 'out';
  content: string;
  /** ISO time. */
  created_at: string;
}

export interface ServiceInfo {
  hours: string;
  status: ServiceStatus;
}

/** getChatLink / getChatLinkRecord data (PROTOCOL §10; page 1 is the newest, each page newest last). */
export interface ChatPage {
  list: ChatMessage[];
  total: number;
  page: number;
  limit: number;
  /** getChatLink only. */
  service?: ServiceInfo;
}

/** sendServiceMessage data: the stored message, and when an automatic reply will be visible. */
export interface SendResult {
  message: ChatMessage;
  reply_in_ms: number | null;
}

export type ChatPageOutcome = ApiOutcome<ChatPage>;
export type SendOutcome = ApiOutcome<SendResult>;

export interface ChatContext {
  /** Oldest first, unique by id. */
  messages: ChatMessage[];
  /** Messages on the server; more than `messages.length` means older pages remain. */
  total: number;
  pagesLoaded: number;
  draft: string;
  service: ServiceInfo | null;
  error: string | null;
  /** When the last send's automatic reply becomes visible, in ms. */
  replyInMs: number;
}

export type ChatEvent =
  | { type: 'ui.retry' }
  | { type: 'ui.older' }
  | { type: 'ui.draft.change'; value: string }
  | { type: 'ui.send' }
  | { type: 'ui.refresh' }
  | { type: 'chat.reply.expected' };

export interface ChatPageInput {
  page: number;
  limit: number;
}

export interface SendInput {
  content: string;
}

export interface ChatToastParams {
  message: string;
}
