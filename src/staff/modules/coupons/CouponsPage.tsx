import { App, Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import {
  centsOfYuan,
  COUPON_ADMIN_MSG,
  COUPON_ADMIN_STATUS_NAMES,
  COUPON_ADMIN_STATUSES,
  COUPON_AMOUNT_MAX_CENTS,
  COUPON_ISSUE_MAX,
  COUPON_NAME_MAX,
  COUPON_SKIP_NAMES,
  COUPON_THRESHOLD_MAX_CENTS,
  COUPON_TOTAL_MAX,
  COUPON_TYPE_NAMES,
  COUPON_TYPES,
  COUPON_VALID_DAYS_MAX,
  playerRefOf,
  splitPlayerText,
  type CouponAdminStatus,
  type CouponKind,
  type CouponSkipReason,
} from '../../../../api/protocol/coupon-admin.ts';
import { list as couponList, type StaffCoupon } from '../../../../api/protocol/staff/coupons.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { newRequestId } from '../../content/request-id.ts';
import { GamePicker } from '../../kit/GamePicker.tsx';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import './coupons.css';

/**
 * 代金券管理: the coupon centre's coupons (by game and stock, with claimed / issued / used counts),
 * a coupon's form (name, game or every game, type, face value and 满X threshold in 元, days valid,
 * stock), and issuing one to pasted player IDs or phones (the answer lists who was skipped and
 * why). The server checks every rule again; its refusals are shown as they come.
 */

const STATUS_COLORS: Record<CouponAdminStatus, string> = { active: 'green', soldout: 'orange' };
/** The game filter's 全平台通用 choice (the list call's game_id 0). */
const UNIVERSAL = 0;
const yuan = (cents: number) => `${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}元`;

interface CouponFormValues {
  game_id?: number;
  name: string;
  type: CouponKind;
  amount: string;
  threshold: string;
  valid_days: number;
  total: number;
}

function CouponForm({ coupon, onClose, onSaved }: { coupon: StaffCoupon | 'new'; onClose: () => void; onSaved: () => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<CouponFormValues>();
  const [busy, setBusy] = useState(false);
  const editing = coupon === 'new' ? null : coupon;
  // Players' coupons read their terms from the coupon: once one is out, the terms stay.
  const termsFixed = editing !== null && editing.claimed > 0;
  const initial: Partial<CouponFormValues> = editing
    ? { game_id: editing.game?.id, name: editing.name, type: editing.type, amount: String(editing.amount_cents / 100), threshold: String(editing.threshold_cents / 100), valid_days: editing.valid_days, total: editing.total }
    : { type: 'normal', threshold: '0', valid_days: 7, total: 100 };

  const submit = async (values: CouponFormValues) => {
    setBusy(true);
    const answer = await client.call(staffCalls.coupons.save, {
      ...(editing ? { id: editing.id } : {}),
      game_id: values.game_id ?? 0,
      name: values.name,
      type: values.type,
      amount_cents: centsOfYuan(String(values.amount)) ?? 0,
      threshold_cents: centsOfYuan(String(values.threshold)) ?? 0,
      valid_days: values.valid_days,
      total: values.total,
    });
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) {
      void message.success(answer.msg);
      onSaved();
    } else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
  };

  const cents = (max: number, text: string) => ({
    validator: (_: unknown, value: unknown) => {
      const n = value === undefined || value === null || value === '' ? null : centsOfYuan(String(value));
      return n !== null && n <= max ? Promise.resolve() : Promise.reject(new Error(text));
    },
  });

  return (
    <Modal open title={editing ? `编辑代金券 #${editing.id}` : '新建代金券'} onCancel={onClose} okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} width={600} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} name="coupon">
        {termsFixed ? <Alert type="info" title={`已有 ${editing.claimed} 张在玩家手中：面额、门槛、类型与适用游戏不能修改；总库存不能少于 ${editing.claimed}`} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="name" label="代金券名称" rules={[{ required: true, whitespace: true, message: COUPON_ADMIN_MSG.nameRequired }, { max: COUPON_NAME_MAX, message: COUPON_ADMIN_MSG.nameLong }]}>
          <Input placeholder="如：满100减10" showCount maxLength={COUPON_NAME_MAX} />
        </Form.Item>
        <Form.Item name="game_id" label="适用游戏" extra="不选为全平台通用">
          <GamePicker placeholder="全平台通用（可输入游戏名或 ID 查找）" allowClear disabled={termsFixed} initial={editing?.game ? { value: editing.game.id, label: `${editing.game.name}（${editing.game.id}）` } : null} />
        </Form.Item>
        <Form.Item name="type" label="类型" rules={[{ required: true, message: COUPON_ADMIN_MSG.badType }]}>
          <Select disabled={termsFixed} aria-label="类型" options={COUPON_TYPES.map((value) => ({ value, label: COUPON_TYPE_NAMES[value] }))} />
        </Form.Item>
        <div className="coupons-amounts">
          <Form.Item
            name="amount"
            label="面额（元）"
            dependencies={['threshold']}
            rules={[
              { required: true, message: COUPON_ADMIN_MSG.amount },
              cents(COUPON_AMOUNT_MAX_CENTS, COUPON_ADMIN_MSG.amount),
              ({ getFieldValue }) => ({
                validator: (_: unknown, value: unknown) => {
                  const amount = centsOfYuan(String(value ?? ''));
                  const threshold = centsOfYuan(String(getFieldValue('threshold') ?? ''));
                  if (amount === 0) return Promise.reject(new Error(COUPON_ADMIN_MSG.amount));
                  return amount !== null && threshold !== null && threshold > 0 && amount >= threshold ? Promise.reject(new Error(COUPON_ADMIN_MSG.amountBelowThreshold)) : Promise.resolve();
                },
              }),
            ]}
          >
            <InputNumber<string> stringMode min="0.01" precision={2} disabled={termsFixed} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="threshold" label="使用门槛：满（元）" extra="0 为无门槛" rules={[{ required: true, message: COUPON_ADMIN_MSG.threshold }, cents(COUPON_THRESHOLD_MAX_CENTS, COUPON_ADMIN_MSG.threshold)]}>
            <InputNumber<string> stringMode min="0" precision={2} disabled={termsFixed} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div className="coupons-amounts">
          <Form.Item name="valid_days" label="有效天数" extra="自玩家得到起" rules={[{ required: true, type: 'integer', min: 1, max: COUPON_VALID_DAYS_MAX, message: COUPON_ADMIN_MSG.validDays }]}>
            <InputNumber min={1} max={COUPON_VALID_DAYS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="total"
            label="总库存（张）"
            extra="玩家领取与运营发放都从这里扣"
            rules={[
              { required: true, type: 'integer', min: 1, max: COUPON_TOTAL_MAX, message: COUPON_ADMIN_MSG.total },
              { type: 'integer', min: editing?.claimed ?? 0, message: COUPON_ADMIN_MSG.totalBelowClaimed },
            ]}
          >
            <InputNumber min={1} max={COUPON_TOTAL_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

type IssueResult = { msg: string; issued: number; skipped: { player: string; reason: CouponSkipReason }[] };

function IssueDialog({ coupon, onClose, onIssued }: { coupon: StaffCoupon; onClose: () => void; onIssued: () => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<IssueResult | null>(null);
  // One per submit: a retry of the same list (a lost answer) issues once.
  const requestId = useRef(newRequestId());
  const entries = splitPlayerText(text);
  const bad = entries.filter((entry) => playerRefOf(entry) === null);
  const problem = bad.length > 0 ? `以下不是玩家ID或11位手机号：${bad.slice(0, 5).join('、')}${bad.length > 5 ? ` 等 ${bad.length} 项` : ''}` : entries.length > COUPON_ISSUE_MAX ? COUPON_ADMIN_MSG.playersTooMany : null;

  const send = async () => {
    if (entries.length === 0) return void message.error(COUPON_ADMIN_MSG.playersRequired);
    if (problem) return void message.error(problem);
    setBusy(true);
    const answer = await client.call(staffCalls.coupons.issue, { coupon_id: coupon.id, players: entries, request_id: requestId.current });
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) {
      setResult({ msg: answer.msg, issued: answer.data.issued, skipped: answer.data.skipped });
      setText('');
      requestId.current = newRequestId();
      onIssued();
    } else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
  };

  return (
    <Modal
      open
      title={`发放代金券：${coupon.name}`}
      onCancel={onClose}
      width={600}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>完成</Button>
          <Button type="primary" loading={busy} disabled={entries.length === 0} onClick={() => void send()}>
            发放
          </Button>
        </Space>
      }
    >
      <p className="coupons-muted">
        {coupon.game ? coupon.game.name : '全平台通用'} · {yuan(coupon.amount_cents)} · {coupon.condition_text} · 剩余库存 {coupon.remaining} 张。每位玩家至多持有一张；玩家会收到一条系统通知。
      </p>
      <Form layout="vertical">
        <Form.Item label={`玩家ID或手机号（每行一个，或用逗号、空格分隔；至多 ${COUPON_ISSUE_MAX} 个）`} validateStatus={problem ? 'error' : undefined} help={problem ?? (entries.length > 0 ? `共 ${entries.length} 项` : undefined)}>
          <Input.TextArea aria-label="玩家ID或手机号" value={text} onChange={(event) => setText(event.target.value)} autoSize={{ minRows: 5, maxRows: 10 }} placeholder={'10086\n13800138000'} />
        </Form.Item>
      </Form>
      {result ? (
        <Alert
          type={result.skipped.length > 0 ? 'warning' : 'success'}
          title={result.msg}
          description={
            result.skipped.length > 0 ? (
              <ul className="coupons-skipped" aria-label="跳过的玩家">
                {result.skipped.slice(0, 50).map((skip, i) => (
                  <li key={`${skip.player}-${i}`}>
                    {skip.player}：{COUPON_SKIP_NAMES[skip.reason]}
                  </li>
                ))}
                {result.skipped.length > 50 ? <li>…等 {result.skipped.length} 位</li> : null}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </Modal>
  );
}

export default function CouponsPage() {
  const [gameId, setGameId] = useState<number | undefined>(undefined);
  const [universal, setUniversal] = useState(false);
  const [status, setStatus] = useState<CouponAdminStatus | undefined>(undefined);
  const coupons = usePagedTable('staffCoupons', couponList, { ...(universal ? { game_id: UNIVERSAL } : gameId ? { game_id: gameId } : {}), ...(status ? { status } : {}) }, { empty: '没有符合条件的代金券' });
  const reload = coupons.reload;
  const [editing, setEditing] = useState<StaffCoupon | 'new' | null>(null);
  const [issuing, setIssuing] = useState<StaffCoupon | null>(null);

  // Sized to fit 1280 px beside the nav without scrolling, so no column hides under the fixed 操作.
  const columns: TableColumnsType<StaffCoupon> = [
    { title: 'ID', dataIndex: 'id', width: 56 },
    {
      title: '代金券',
      dataIndex: 'name',
      width: 180,
      render: (name: string, coupon) => (
        <div>
          <div className="coupons-name">{name}</div>
          <div className="coupons-muted">{`${COUPON_TYPE_NAMES[coupon.type]} · 得到后${coupon.valid_days}天有效`}</div>
        </div>
      ),
    },
    { title: '适用游戏', key: 'game', width: 110, ellipsis: true, render: (_: unknown, coupon) => coupon.game?.name ?? '全平台通用' },
    {
      title: '面额 / 门槛',
      key: 'amount',
      width: 130,
      render: (_: unknown, coupon) => (
        <div>
          <div>{yuan(coupon.amount_cents)}</div>
          <div className="coupons-muted">{coupon.condition_text}</div>
        </div>
      ),
    },
    { title: '库存（总数 / 已领 / 剩余）', key: 'stock', width: 170, render: (_: unknown, coupon) => <span data-testid="coupon-stock">{`${coupon.total} / ${coupon.claimed} / ${coupon.remaining}`}</span> },
    { title: '已发放 / 已使用', key: 'use', width: 110, render: (_: unknown, coupon) => <span data-testid="coupon-use">{`${coupon.issued} / ${coupon.used}`}</span> },
    { title: '状态', dataIndex: 'status', width: 76, render: (value: CouponAdminStatus) => <Tag color={STATUS_COLORS[value]}>{COUPON_ADMIN_STATUS_NAMES[value]}</Tag> },
    {
      title: '操作',
      key: 'actions',
      // Kept in view when the table scrolls sideways on a narrower window.
      fixed: 'right',
      width: 130,
      render: (_: unknown, coupon) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(coupon)}>
            编辑
          </Button>
          <Button size="small" type="primary" disabled={coupon.remaining === 0} onClick={() => setIssuing(coupon)}>
            发放
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="staff-page coupons-page">
      <section className="staff-card coupons-filters" aria-label="筛选">
        <div className="coupons-filter--game">
          <GamePicker placeholder="全部游戏" allowClear value={gameId} onChange={(value) => { setGameId(value); if (value) setUniversal(false); }} disabled={universal} />
        </div>
        <Select<'all' | 'universal'>
          className="coupons-filter--status"
          aria-label="范围"
          value={universal ? 'universal' : 'all'}
          onChange={(value) => setUniversal(value === 'universal')}
          options={[{ value: 'all', label: '全部范围' }, { value: 'universal', label: '全平台通用' }]}
        />
        <Select<CouponAdminStatus>
          className="coupons-filter--status"
          placeholder="全部状态"
          allowClear
          aria-label="状态"
          value={status}
          onChange={(value) => setStatus(value ?? undefined)}
          options={COUPON_ADMIN_STATUSES.map((value) => ({ value, label: COUPON_ADMIN_STATUS_NAMES[value] }))}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          新建代金券
        </Button>
      </section>
      <section className="staff-card" aria-label="代金券">
        {coupons.error ? <Alert type="error" title={coupons.error} className="coupons-error" action={<Button size="small" onClick={reload}>重试</Button>} /> : null}
        <Table<StaffCoupon>
          {...coupons.table}
          columns={columns}
          scroll={{ x: 960 }}
          onRow={(coupon) => ({ 'data-testid': 'coupon-row', 'data-coupon-id': coupon.id }) as React.HTMLAttributes<HTMLElement>}
        />
      </section>
      {editing ? (
        <CouponForm
          coupon={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {issuing ? <IssueDialog coupon={issuing} onClose={() => setIssuing(null)} onIssued={reload} /> : null}
    </div>
  );
}
