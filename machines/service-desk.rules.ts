import type { ChatMessage } from '../api/protocol/service-chat.ts';
import type { DeskConversation } from '../api/protocol/service-desk.ts';
import type { DeskNotice } from './service-desk.types.ts';

/** The service desk's pure rules (machines/service-desk.machine.ts). */

/** Merges pages and pushed messages: one per id, in id order. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Who holds a conversation, as the desk names them: 客服012（wang.li）. */
export function holderName(conversation: Pick<DeskConversation, 'agent' | 'agent_name'>): string {
  if (!conversation.agent) return '其他客服';
  return conversation.agent_name ? `${conversation.agent}（${conversation.agent_name}）` : conversation.agent;
}

export function noticeFor(conversation: DeskConversation, isAdmin: boolean): DeskNotice | null {
  if (conversation.status === 'closed') return { kind: 'closed', text: '会话已结束' };
  if (conversation.status === 'open' && !conversation.mine) {
    return { kind: 'takenByOther', text: isAdmin ? `该会话由${holderName(conversation)}接待中，仅可查看` : `该会话已被${holderName(conversation)}接待` };
  }
  return null;
}
