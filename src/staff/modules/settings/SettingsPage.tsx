import { Alert, App, Button, Card, Form, InputNumber, Skeleton } from 'antd';
import { useState } from 'react';
import { INVITE_SETTING_RULES, settingRangeMessage, settingValue, TRADE_SETTING_RULES, tradeSettingsProblem, type SettingRule } from '../../../../api/protocol/platform-settings.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { inviteSettings, tradeSettings } from '../../../../api/protocol/staff/settings.ts';
import type { StaffResult } from '../../api.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import { useStaffData } from '../../use-staff-data.ts';
import './settings.css';

/**
 * 规则设置: the trading rules and the invitation rules, each a form of its numbers saved together.
 * Money is typed in yuan and shares in percent (the calls take fen and basis points); each number
 * is checked against its range before the call, and the server checks again. A save is in force
 * at once: the player pages state and enforce the new numbers.
 */

type Rules = Record<string, SettingRule>;
type Values = Record<string, number>;

/** What the form holds for a wire number: yuan for fen, percent for basis points. */
const toForm = (rule: SettingRule, value: number) => (rule.unit === 'fen' || rule.unit === 'bp' ? value / 100 : value);
/** Back to the wire's whole number (a yuan or percent amount has at most two decimals). */
const fromForm = (rule: SettingRule, value: number) => (rule.unit === 'fen' || rule.unit === 'bp' ? Math.round(value * 100) : value);
const suffix = (rule: SettingRule) => (rule.unit === 'fen' ? '元' : rule.unit === 'bp' ? '%' : rule.unit);

function RulesForm({ title, rules, values, note, crossCheck, onSave }: { title: string; rules: Rules; values: Values; note: string; crossCheck?: (wire: Values) => string | null; onSave: (wire: Values) => Promise<StaffResult<unknown>> }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const initial = Object.fromEntries(Object.entries(rules).map(([key, rule]) => [key, toForm(rule, values[key] ?? 0)]));

  const save = async (typed: Values) => {
    const wire = Object.fromEntries(Object.entries(rules).map(([key, rule]) => [key, fromForm(rule, typed[key] ?? NaN)]));
    const refusal = crossCheck?.(wire) ?? null;
    setProblem(refusal);
    if (refusal) return;
    setBusy(true);
    const answer = await onSave(wire);
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) void message.success(answer.msg);
    else if (answer.code !== STAFF_CODE.notSignedIn) setProblem(answer.msg);
  };

  return (
    <Card title={title} className="staff-card" role="region" aria-label={title}>
      <div className="staff-muted" style={{ marginBottom: 16 }}>
        {note}
      </div>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(typed) => void save(typed)}>
        <div className="settings-grid">
        {Object.entries(rules).map(([key, rule]) => (
          <Form.Item
            key={key}
            name={key}
            label={rule.label}
            rules={[{ validator: (_, value: number | null | undefined) => (typeof value === 'number' && settingValue(rule, fromForm(rule, value)) !== null ? Promise.resolve() : Promise.reject(new Error(settingRangeMessage(rule)))) }]}
          >
            <InputNumber aria-label={rule.label} suffix={suffix(rule)} precision={rule.unit === 'fen' || rule.unit === 'bp' ? 2 : 0} style={{ width: '100%' }} />
          </Form.Item>
        ))}
        </div>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </Form>
    </Card>
  );
}

export default function SettingsPage() {
  const client = useStaffClient();
  const trade = useStaffData('staffTradeSettings', tradeSettings, {});
  const invite = useStaffData('staffInviteSettings', inviteSettings, {});
  const loadError = trade.error ?? invite.error;

  return (
    <div className="staff-page">
      {loadError && <Alert type="error" showIcon title={loadError} action={<Button size="small" onClick={() => { trade.reload(); invite.reload(); }}>重试</Button>} />}
      {trade.data ? (
        <RulesForm
          title="账号交易"
          rules={TRADE_SETTING_RULES}
          values={trade.data}
          note="出售条件、价格范围和手续费用于之后提交的商品（已提交的商品保留提交时的手续费）；冷静期用于之后成交的交易。《出售须知》《交易须知》中的数字随之更新。"
          crossCheck={(wire) => tradeSettingsProblem({ min_price_cents: wire.min_price_cents ?? 0, max_price_cents: wire.max_price_cents ?? 0 })}
          onSave={async (wire) => {
            const answer = await client.call(staffCalls.settings.saveTradeSettings, wire as Parameters<typeof client.call<typeof staffCalls.settings.saveTradeSettings>>[1]);
            trade.reload();
            return answer;
          }}
        />
      ) : (
        !trade.error && <Skeleton active />
      )}
      {invite.data ? (
        <RulesForm
          title="邀请好友"
          rules={INVITE_SETTING_RULES}
          values={invite.data}
          note="用于之后绑定的邀请（已绑定的邀请保留绑定时的比例和天数）；收益比例为 0 时不产生收益。"
          onSave={async (wire) => {
            const answer = await client.call(staffCalls.settings.saveInviteSettings, wire as Parameters<typeof client.call<typeof staffCalls.settings.saveInviteSettings>>[1]);
            invite.reload();
            return answer;
          }}
        />
      ) : (
        !invite.error && <Skeleton active />
      )}
    </div>
  );
}
