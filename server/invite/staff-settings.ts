import type { Kysely } from 'kysely';
import { SETTINGS_MSG, type InviteSettingsForm } from '../../api/protocol/platform-settings.ts';
import * as settings from '../../api/protocol/staff/settings.ts';
import type { Database } from '../db/schema.ts';
import { handleStaff, staffOk, type StaffCallDefinition } from '../staff/index.ts';

/**
 * 规则设置's invitation rules (api/protocol/staff/settings.ts): invite_settings. The players'
 * calls read the row on every call (invites.ts inviteRules), so the 收益说明 and new bindings
 * follow a saved change at once; a binding made earlier keeps the share and end it was made with.
 */

async function inviteForm(db: Kysely<Database>, lock = false): Promise<InviteSettingsForm> {
  let query = db.selectFrom('invite_settings').select(['share_bp', 'share_days', 'bind_window_hours']).where('id', '=', 1);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

export const staffInviteSettingsCalls: StaffCallDefinition[] = [
  handleStaff(settings.inviteSettings, async (ctx) => staffOk(await inviteForm(ctx.db))),

  handleStaff(settings.saveInviteSettings, async (ctx) => {
    const before = await inviteForm(ctx.db, true);
    const { share_bp, share_days, bind_window_hours } = ctx.input;
    await ctx.db.updateTable('invite_settings').set({ share_bp, share_days, bind_window_hours }).where('id', '=', 1).execute();
    const after = await inviteForm(ctx.db);
    await ctx.audit('settings.invite', 'invite_settings:1', before, after);
    return staffOk(after, SETTINGS_MSG.saved);
  }),
];
