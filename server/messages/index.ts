import type { ServerModule } from '../module.ts';
import { messageCalls } from './calls.ts';
import { staffBroadcastCalls, staffNoticeCalls } from './staff-calls.ts';

// What other domains use to write to a player's inbox.
export { postMessage } from './writer.ts';

/** The player's messages: the inbox and the platform's notices. */
export const messagesModule: ServerModule = {
  name: 'messages',
  calls: () => messageCalls,
  // The console's 公告 and 站内广播.
  staffCalls: () => [...staffNoticeCalls, ...staffBroadcastCalls],
};
