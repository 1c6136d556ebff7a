import type { ServerModule } from '../module.ts';
import { messageCalls } from './calls.ts';

/** The player's messages: the inbox and the platform's notices. */
export const messagesModule: ServerModule = {
  name: 'messages',
  calls: () => messageCalls,
};
