import type { ServerModule } from '../module.ts';
import { inviteCalls } from './calls.ts';

/** Invitations: the player's code and link, invitees and the income shares they bring. */
export const inviteModule: ServerModule = {
  name: 'invite',
  calls: () => inviteCalls,
};
