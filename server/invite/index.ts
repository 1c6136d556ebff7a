import type { ServerModule } from '../module.ts';
import { inviteCalls } from './calls.ts';
import { staffInviteSettingsCalls } from './staff-settings.ts';

// What other domains use of invitations (sign-up's binding, the perks page's rules).
export { bindInvitee, inviteRules, inviteShareSentence } from './invites.ts';

/** Invitations: the player's code and link, invitees and the income shares they bring. */
export const inviteModule: ServerModule = {
  name: 'invite',
  calls: () => inviteCalls,
  // The console's 规则设置 of the invitation rules.
  staffCalls: () => staffInviteSettingsCalls,
};
