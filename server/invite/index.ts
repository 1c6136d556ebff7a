import type { ServerModule } from '../module.ts';
import { inviteCalls } from './calls.ts';

// What other domains use of invitations (sign-up's binding, the perks page's rules).
export { bindInvitee, inviteRules, inviteShareSentence } from './invites.ts';

/** Invitations: the player's code and link, invitees and the income shares they bring. */
export const inviteModule: ServerModule = {
  name: 'invite',
  calls: () => inviteCalls,
};
