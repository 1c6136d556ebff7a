import type { ChatMessage } from '../api/protocol/service-chat.ts';
import type { DeskConversation, DeskQueue, DeskStreamEvent, DeskView, QuickReplyView } from '../api/protocol/service-desk.ts';

/** How the desk hears of changes (the console's desk-connection.ts reports it). */
export type DeskConnectionState = 'connecting' | 'live' | 'polling';

/** Why the open conversation cannot be worked on by this agent (shown above it). */
export type DeskNotice = { kind: 'takenByOther'; text: string } | { kind: 'closed'; text: string };

/** The open conversation as the machine keeps it (whether an older page loads is its state). */
export interface OpenConversationContext {
  id: number;
  conversation: DeskConversation | null;
  messages: ChatMessage[];
  hasMore: boolean;
  /** From the choice until the first answer for it. */
  loading: boolean;
  error: string;
  notice: DeskNotice | null;
}

/** The open conversation as the view shows it. */
export interface OpenConversation extends OpenConversationContext {
  loadingOlder: boolean;
}

export interface PendingPicture {
  file: Blob;
  progress: number;
  failed: boolean;
  error: string;
}

export interface PictureContext extends PendingPicture {
  /** The stored picture's key once the bytes are uploaded. */
  key: string | null;
}

export interface DeskInput {
  isAdmin: boolean;
}

export interface DeskContext {
  isAdmin: boolean;
  view: DeskView;
  queue: DeskQueue | null;
  listError: string;
  /** Server time minus this device's, from the last list answer (waiting times count on it). */
  clockOffset: number;
  quickReplies: QuickReplyView[];
  connection: DeskConnectionState;
  open: OpenConversationContext | null;
  picture: PictureContext | null;
  /** The reply being written (kept across conversations, as one box serves them all). */
  draft: string;
  /** The conversation the running take, reply or close is for. */
  actionId: number | null;
}

/** What each injected call answers, already read (decoded) by the console. */
export type ListOutcome = { kind: 'ok'; queue: DeskQueue; clockOffset: number } | { kind: 'refused'; message: string } | { kind: 'signedOut' };
export type ConversationOutcome =
  | { kind: 'ok'; conversation: DeskConversation; list: ChatMessage[]; hasMore: boolean }
  /** Another agent holds it now (the answer says who), or it is gone, or the answer was unreadable. */
  | { kind: 'refused'; message: string; holder: DeskConversation | null }
  | { kind: 'signedOut' };
export type OlderOutcome = { kind: 'ok'; list: ChatMessage[]; hasMore: boolean } | { kind: 'refused'; message: string };
export type TakeOutcome = { kind: 'taken'; message: string; holder: DeskConversation } | { kind: 'refused'; message: string; holder: DeskConversation | null } | { kind: 'signedOut' };
export type ReplyOutcome = { kind: 'sent'; message: ChatMessage } | { kind: 'refused'; message: string } | { kind: 'signedOut' };
export type CloseOutcome = { kind: 'answered'; message: string; holder: DeskConversation | null } | { kind: 'signedOut' };
export type UploadOutcome = { kind: 'uploaded'; key: string } | { kind: 'failed'; message: string } | { kind: 'signedOut' };

export interface ListInput {
  view: DeskView;
}
export interface ConversationInput {
  id: number;
}
export interface OlderInput {
  id: number;
  beforeId: number;
}
export interface ReplyInput {
  id: number;
  text: string;
}
export interface PictureReplyInput {
  id: number;
  /** The uploaded picture's key. */
  image: string;
}
export interface UploadInput {
  file: Blob;
  onProgress(percent: number): void;
}

export type DeskEvent =
  | { type: 'ui.view'; view: DeskView }
  | { type: 'ui.select'; id: number }
  | { type: 'ui.back' }
  | { type: 'ui.older' }
  | { type: 'ui.take' }
  | { type: 'ui.draft'; text: string }
  | { type: 'ui.reply' }
  | { type: 'ui.close' }
  | { type: 'ui.picture'; file: Blob }
  | { type: 'ui.retryPicture' }
  | { type: 'ui.dismissPicture' }
  /** From the connection: its state, a pushed change, and "reload what is shown". */
  | { type: 'desk.state'; state: DeskConnectionState }
  | { type: 'desk.event'; event: DeskStreamEvent }
  | { type: 'desk.resync' }
  | { type: 'picture.progress'; percent: number }
  /** Raised inside: reload the list now, soon, or the open conversation's newest page. */
  | { type: 'list.reload' }
  | { type: 'list.schedule' }
  | { type: 'conversation.reload' };
