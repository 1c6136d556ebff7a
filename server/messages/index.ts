import type { ServerModule } from '../module.ts';
import { messageCalls } from './calls.ts';

// What other domains use to write to a player's inbox, and the staff console's notices.
export { postMessage } from './writer.ts';
export { broadcastMessage, publishNotice, withdrawNotice } from './staff.ts';

/** The player's messages: the inbox and the platform's notices. */
export const messagesModule: ServerModule = {
  name: 'messages',
  calls: () => messageCalls,
};
