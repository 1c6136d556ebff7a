import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES } from './service-chat.constants.ts';
import type { ChatContext, ChatMessage, ChatPage, ChatPageOutcome, SendOutcome, TicketOutcome } from './service-chat.types.ts';

/** The chat machine's pure rules (machines/service-chat.machine.ts). */

/** Merges pages and new messages: unique by id, oldest first (ids break ties of equal times). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
}

export function canSend(draft: string): boolean {
  const length = Array.from(draft.trim()).length;
  return length > 0 && length <= CHAT_MESSAGE_MAX_LENGTH;
}

export const isChatPage = (outcome: ChatPageOutcome): outcome is Extract<ChatPageOutcome, { kind: 'ok' }> =>
  outcome.kind === 'ok' && outcome.data !== null && typeof outcome.data === 'object' && Array.isArray(outcome.data.list);

export type Outcome = ChatPageOutcome | SendOutcome | TicketOutcome;

export function withPage(context: ChatContext, data: ChatPage): Partial<ChatContext> {
  return {
    messages: mergeMessages(context.messages, data.list),
    total: data.total,
    ...(data.service ? { service: data.service } : {}),
    ...(data.queue ? { queue: data.queue } : {}),
  };
}

/** The words a failed picture step leaves: the server's for a refusal, ours for the rest. */
export function imageFailure(outcome: Outcome): string {
  if (outcome.kind === 'toast' && outcome.msg) return outcome.msg;
  if (outcome.kind === 'error' && outcome.reason !== 'server') return CHAT_MESSAGES.network;
  if (outcome.kind === 'error' && outcome.msg) return outcome.msg;
  return CHAT_MESSAGES.imageFailed;
}

export const isSessionEnded = (outcome: Outcome) => outcome.kind === 'sessionExpired' || outcome.kind === 'sessionRevoked';
export const doneOutput = <T>(event: unknown) => (event as { output: T }).output;

