import * as v from 'valibot';
import { count, field, type Field } from '../call-spec.ts';
import { INVITE_SETTING_RULES, SETTINGS_MSG, SETTINGS_ROLES, settingRangeMessage, settingValue, TRADE_SETTING_RULES, type SettingRule } from '../platform-settings.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';

/**
 * 规则设置 in the staff console (operators): the trading rules (trade_settings) and the invitation
 * rules (invite_settings). Reading answers the numbers in the console's units; saving takes every
 * number of one group, checks each range and the price range, writes the row and audits it with
 * before/after. Rules and messages: api/protocol/platform-settings.ts.
 */

function settingField(rule: SettingRule): Field<number | string, number> {
  const message = settingRangeMessage(rule);
  return field({ type: 'int', required: true, rule: `${String(rule.min)}–${String(rule.max)}`, message }, (value) => {
    const n = settingValue(rule, value);
    return n === null ? { ok: false, message } : { ok: true, value: n };
  });
}

function fieldsOf<const R extends Record<string, SettingRule>>(rules: R): { [K in keyof R]: Field<number | string, number> } {
  return Object.fromEntries(Object.entries(rules).map(([key, rule]) => [key, settingField(rule)])) as { [K in keyof R]: Field<number | string, number> };
}

export const TradeSettingsView = v.object(Object.fromEntries(Object.keys(TRADE_SETTING_RULES).map((key) => [key, count])) as { [K in keyof typeof TRADE_SETTING_RULES]: typeof count });
export const InviteSettingsView = v.object(Object.fromEntries(Object.keys(INVITE_SETTING_RULES).map((key) => [key, count])) as { [K in keyof typeof INVITE_SETTING_RULES]: typeof count });

const TRADE_DOC = `{ ${Object.keys(TRADE_SETTING_RULES).join(', ')} }（金额为分，比例为万分之一）`;
const INVITE_DOC = `{ ${Object.keys(INVITE_SETTING_RULES).join(', ')} }（比例为万分之一）`;

export const tradeSettings = defineStaffCall({
  path: '/staff/api/settings/trade',
  roles: SETTINGS_ROLES,
  summary: '账号交易的规则数字（出售条件、价格范围、手续费、保留时长、冷静期、上架有效期）',
  fields: {},
  answer: staffAnswer(TradeSettingsView, TRADE_DOC),
});

export const saveTradeSettings = defineStaffCall({
  path: '/staff/api/settings/save-trade',
  roles: SETTINGS_ROLES,
  summary: '保存账号交易规则（全部数字一起；新商品按新手续费，新成交按新冷静期）；审计 settings.trade',
  fields: fieldsOf(TRADE_SETTING_RULES),
  answer: staffAnswer(TradeSettingsView, `${TRADE_DOC}；拒绝：${SETTINGS_MSG.priceRange}`),
});

export const inviteSettings = defineStaffCall({
  path: '/staff/api/settings/invite',
  roles: SETTINGS_ROLES,
  summary: '邀请好友的规则数字（收益比例、计算天数、填码时限）',
  fields: {},
  answer: staffAnswer(InviteSettingsView, INVITE_DOC),
});

export const saveInviteSettings = defineStaffCall({
  path: '/staff/api/settings/save-invite',
  roles: SETTINGS_ROLES,
  summary: '保存邀请规则（新绑定的邀请按新比例和天数）；审计 settings.invite',
  fields: fieldsOf(INVITE_SETTING_RULES),
  answer: staffAnswer(InviteSettingsView, INVITE_DOC),
});
