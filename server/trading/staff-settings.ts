import * as settings from '../../api/protocol/staff/settings.ts';
import { SETTINGS_MSG, tradeSettingsProblem, type TradeSettingsForm } from '../../api/protocol/platform-settings.ts';
import type { Database } from '../db/schema.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';
import type { Kysely } from 'kysely';

/**
 * 规则设置's trading rules (api/protocol/staff/settings.ts): trade_settings in the console's units.
 * The players' calls read the row on every call (settings.ts tradeSettings), so a saved change
 * applies at once in every process; a listing keeps the fee it was submitted with and a trade the
 * cooling-off it was paid with. Saving locks the row, so two operators' saves apply one after the
 * other and each audit row's "before" is what that save replaced.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

async function tradeForm(db: Kysely<Database>, lock = false): Promise<TradeSettingsForm> {
  let query = db.selectFrom('trade_settings').selectAll().where('id', '=', 1);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return {
    min_age_days: row.min_age_days,
    min_topup_cents: row.min_topup_cents,
    min_price_cents: row.min_price_cents,
    max_price_cents: row.max_price_cents,
    fee_rate_bp: row.fee_rate_bp,
    fee_min_cents: row.fee_min_cents,
    reserve_minutes: Math.round(row.reserve_ms / MINUTE_MS),
    cooling_off_hours: Math.round(Number(row.cooling_off_ms) / HOUR_MS),
    listing_ttl_days: row.listing_ttl_days,
  };
}

export const staffTradeSettingsCalls: StaffCallDefinition[] = [
  handleStaff(settings.tradeSettings, async (ctx) => staffOk(await tradeForm(ctx.db))),

  handleStaff(settings.saveTradeSettings, async (ctx) => {
    const form = ctx.input;
    const problem = tradeSettingsProblem(form);
    if (problem) return staffRefuse(problem);
    const before = await tradeForm(ctx.db, true);
    await ctx.db
      .updateTable('trade_settings')
      .set({
        min_age_days: form.min_age_days,
        min_topup_cents: form.min_topup_cents,
        min_price_cents: form.min_price_cents,
        max_price_cents: form.max_price_cents,
        fee_rate_bp: form.fee_rate_bp,
        fee_min_cents: form.fee_min_cents,
        reserve_ms: form.reserve_minutes * MINUTE_MS,
        cooling_off_ms: form.cooling_off_hours * HOUR_MS,
        listing_ttl_days: form.listing_ttl_days,
      })
      .where('id', '=', 1)
      .execute();
    const after = await tradeForm(ctx.db);
    await ctx.audit('settings.trade', 'trade_settings:1', before, after);
    return staffOk(after, SETTINGS_MSG.saved);
  }),
];
