import type { ApiOutcome } from '../api/outcome.ts';
import type { ChatMessage, ServiceQueue } from '../api/protocol/service-chat.ts';
import type { TicketOutcome, UploadInput, UploadResult } from './upload.types.ts';
import type { ServiceStatus } from './service-poll.types.ts';

/** One chat line: 'in' user → service, 'out' service → user (api/protocol/service-chat.ts). */
export type { ChatMessage, ServiceQueue };
export type { TicketOutcome, UploadInput, UploadResult };

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
  /** getChatLink only: the player's queue. */
  queue?: ServiceQueue;
}

/** sendServiceMessage data: the stored message, and when an automatic reply will be visible. */
export interface SendResult {
  message: ChatMessage;
  reply_in_ms: number | null;
  queue?: ServiceQueue;
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
  /** The queue as the chat's answers last said (the connection machine keeps the latest of all sources). */
  queue: ServiceQueue | null;
  /** A picture being sent: uploaded (progress 0–100), then sent; error when a step failed. */
  image: ChatImage | null;
}

export interface ChatImage {
  file: Blob;
  progress: number;
  /** The uploaded object's key, once the bytes are up. */
  key: string | null;
  error: string | null;
}

export type ChatEvent =
  | { type: 'ui.retry' }
  | { type: 'ui.older' }
  | { type: 'ui.draft.change'; value: string }
  | { type: 'ui.send' }
  | { type: 'ui.refresh' }
  | { type: 'ui.image.pick'; file: Blob }
  | { type: 'ui.image.retry' }
  | { type: 'ui.image.dismiss' }
  | { type: 'upload.progress'; percent: number }
  /** A message the stream pushed (serviceLive's deliver). */
  | { type: 'live.message'; message: ChatMessage }
  | { type: 'chat.reply.expected' };

export interface ChatPageInput {
  page: number;
  limit: number;
}

/** Text, or the key of an uploaded picture. */
export type SendInput = { content: string } | { image: string };

export interface ChatToastParams {
  message: string;
}
