import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_SETTING_RULES, SETTINGS_MSG, settingRangeMessage, TRADE_SETTING_RULES } from '../../api/protocol/platform-settings.ts';
import { STAFF_CODE, STAFF_MSG, type StaffRole } from '../../api/protocol/staff-codes.ts';
import { TRADE_MAX_PRICE_CENTS } from '../../api/protocol/trade-rules.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { inviteRules } from '../invite/index.ts';
import { tradeSettings } from './settings.ts';

/**
 * 规则设置 through the real server, on PGlite and PostgreSQL: the operator (and admin) read and
 * save the trading and invitation rules, other roles are answered 403; each number's range and
 * the price range are refused with their messages and change nothing; a save is audited with
 * before/after and the players' calls follow it at once (交易须知's numbers, the rules the
 * server enforces); two saves at once both apply, one after the other.
 */

const START = Date.parse('2026-11-28T10:00:00+08:00');
const S = '/staff/api/settings';
const DEFAULT_TRADE = { min_age_days: 7, min_topup_cents: 3_000, min_price_cents: 600, max_price_cents: 5_000_000, fee_rate_bp: 500, fee_min_cents: 500, reserve_minutes: 15, cooling_off_hours: 72, listing_ttl_days: 30 };
const DEFAULT_INVITE = { share_bp: 500, share_days: 180, bind_window_hours: 24 };

describe.each(DATABASE_KINDS)('operators set the trading and invitation rules (%s)', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let operator: StaffCredentials;
  const db = () => server.database.db;
  const call = (path: string, payload: Record<string, unknown>, who: StaffCredentials = operator) => staffCall(server.url, path, payload, who);
  const audits = (action: string) => db().selectFrom('staff_audit').select(['staff_id', 'target', 'before', 'after']).where('action', '=', action).orderBy('id').execute();
  const staffOf = (role: StaffRole) => signedInStaff(db(), role, new Date(clock.current));

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    operator = await staffOf('operator');
  });
  afterAll(() => server.close());

  it('lets the operator and admin in and answers other roles 403 on every call', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      [`${S}/trade`, {}],
      [`${S}/save-trade`, DEFAULT_TRADE],
      [`${S}/invite`, {}],
      [`${S}/save-invite`, DEFAULT_INVITE],
    ];
    for (const role of ['agent', 'reviewer', 'finance'] as const) {
      const who = await staffOf(role);
      for (const [path, payload] of calls) expect((await call(path, payload, who)).body, `${role} ${path}`).toMatchObject({ code: STAFF_CODE.forbidden, msg: STAFF_MSG.forbidden });
    }
    const admin = await staffOf('admin');
    for (const who of [operator, admin]) {
      expect((await call(`${S}/trade`, {}, who)).body).toEqual({ code: STAFF_CODE.ok, msg: 'success', data: DEFAULT_TRADE });
      expect((await call(`${S}/invite`, {}, who)).body).toEqual({ code: STAFF_CODE.ok, msg: 'success', data: DEFAULT_INVITE });
    }
  });

  it('refuses a number out of its range and an empty price range, changing nothing', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ ...DEFAULT_TRADE, fee_rate_bp: 5_001 }, settingRangeMessage(TRADE_SETTING_RULES.fee_rate_bp)],
      [{ ...DEFAULT_TRADE, reserve_minutes: 31 }, settingRangeMessage(TRADE_SETTING_RULES.reserve_minutes)],
      [{ ...DEFAULT_TRADE, cooling_off_hours: 0 }, settingRangeMessage(TRADE_SETTING_RULES.cooling_off_hours)],
      [{ ...DEFAULT_TRADE, max_price_cents: TRADE_MAX_PRICE_CENTS + 1 }, settingRangeMessage(TRADE_SETTING_RULES.max_price_cents)],
      [{ ...DEFAULT_TRADE, min_age_days: 1.5 }, settingRangeMessage(TRADE_SETTING_RULES.min_age_days)],
      [{ ...DEFAULT_TRADE, listing_ttl_days: undefined }, settingRangeMessage(TRADE_SETTING_RULES.listing_ttl_days)],
      [{ ...DEFAULT_TRADE, min_price_cents: 10_000, max_price_cents: 9_999 }, SETTINGS_MSG.priceRange],
    ];
    for (const [payload, msg] of refusals) expect((await call(`${S}/save-trade`, payload)).body, msg).toMatchObject({ code: -1, msg });
    expect((await call(`${S}/save-invite`, { ...DEFAULT_INVITE, share_bp: -1 })).body).toMatchObject({ code: -1, msg: settingRangeMessage(INVITE_SETTING_RULES.share_bp) });
    expect((await call(`${S}/trade`, {})).body.data).toEqual(DEFAULT_TRADE);
    expect((await call(`${S}/invite`, {})).body.data).toEqual(DEFAULT_INVITE);
    expect(await audits('settings.trade')).toEqual([]);
  });

  it('saves the trading rules, audited, and the players follow at once', async () => {
    const saved = { ...DEFAULT_TRADE, min_age_days: 3, min_price_cents: 1_000, fee_rate_bp: 800, fee_min_cents: 300, reserve_minutes: 20, cooling_off_hours: 48, listing_ttl_days: 14 };
    const answer = (await call(`${S}/save-trade`, saved)).body;
    expect(answer).toEqual({ code: STAFF_CODE.ok, msg: SETTINGS_MSG.saved, data: saved });
    expect(await audits('settings.trade')).toEqual([{ staff_id: operator.account.id, target: 'trade_settings:1', before: DEFAULT_TRADE, after: saved }]);
    const enforced = await tradeSettings(db());
    expect(enforced).toMatchObject({ min_age_days: 3, min_price_cents: 1_000, fee: { rate_bp: 800, min_cents: 300 }, reserve_ms: 20 * 60_000, cooling_off_ms: 48 * 3_600_000, listing_ttl_days: 14 });
    // 交易须知 states the numbers in force.
    const rules = (await wireClient(server.url, clock.now)('/api/down/businessRule', {})).data as { content: string };
    expect(rules.content).toContain('20分钟');
    expect(rules.content).toContain('48小时');
    expect(rules.content).toContain('8%');
    // Saved again unchanged: still one row, audited again (who saved it and when).
    expect((await call(`${S}/save-trade`, saved)).body.code).toBe(STAFF_CODE.ok);
    expect(await audits('settings.trade')).toHaveLength(2);
  });

  it('saves the invitation rules, audited, and new bindings read them at once; two saves at once both apply in turn', async () => {
    const saved = { share_bp: 1_000, share_days: 90, bind_window_hours: 48 };
    expect((await call(`${S}/save-invite`, saved)).body).toEqual({ code: STAFF_CODE.ok, msg: SETTINGS_MSG.saved, data: saved });
    expect(await inviteRules(db())).toEqual(saved);
    const other = await staffOf('operator');
    const [a, b] = await Promise.all([call(`${S}/save-invite`, { ...saved, share_days: 30 }), call(`${S}/save-invite`, { ...saved, share_days: 60 }, other)]);
    expect([a.body.code, b.body.code]).toEqual([STAFF_CODE.ok, STAFF_CODE.ok]);
    const rows = await audits('settings.invite');
    expect(rows).toHaveLength(3);
    // Each save's "before" is what the previous save wrote: they applied one after the other.
    expect((rows[2]!.before as { share_days: number }).share_days).toBe((rows[1]!.after as { share_days: number }).share_days);
    expect((await inviteRules(db())).share_days).toBe((rows[2]!.after as { share_days: number }).share_days);
  });
});
