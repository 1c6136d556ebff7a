import { Alert, App, Button, Card, Form, Input, Modal, Radio, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { formatYuan } from '../../../../api/protocol/money.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { list as withdrawalList, type StaffWithdrawal } from '../../../../api/protocol/staff/withdrawals.ts';
import { PAYOUT_REF_MAX, REJECT_REASON_MAX, WITHDRAW_MSG, WITHDRAW_SOURCE_TEXT, WITHDRAW_STATUS_TEXT, WITHDRAW_STATUSES, type WithdrawStatus } from '../../../../api/protocol/withdraw-rules.ts';
import type { StaffResult } from '../../api.ts';
import { chinaTime } from '../../format.ts';
import { useConfirm } from '../../kit/confirm.ts';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';

/**
 * 提现审核: the requests by status (审核中 and 已通过 oldest first, the others newest first), each with
 * the player, amount, source, the Alipay account and payee in full (finance pays to them). 通过
 * (审核中), 标记已打款 with the Alipay payout reference (已通过), 驳回 with a reason (审核中 / 已通过).
 * The server refuses a change the request's state no longer allows (another click got there first).
 */

type Acting = { item: StaffWithdrawal; kind: 'pay' | 'reject' };

/** The payout reference or the reject reason: what each asks, its limit and its messages. */
const NOTE = {
  pay: { title: '标记已打款', field: 'payout_ref', ok: '确认已打款', max: PAYOUT_REF_MAX, missing: WITHDRAW_MSG.payoutMissing, long: WITHDRAW_MSG.payoutLong },
  reject: { title: '驳回', field: 'reason', ok: '确认驳回', max: REJECT_REASON_MAX, missing: WITHDRAW_MSG.reasonMissing, long: WITHDRAW_MSG.reasonLong },
} as const;

/** 标记已打款 or 驳回: the one text each needs, checked here and again by the server. */
function NoteDialog({ acting, onClose, send }: { acting: Acting; onClose: () => void; send: (note: string) => Promise<boolean> }) {
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const { item, kind } = acting;
  const note = NOTE[kind];
  const label = kind === 'pay' ? `提现 #${item.id} 的支付宝打款流水号` : `驳回提现 #${item.id} 的原因（玩家可见，金额退回原账户）`;
  const finish = async (values: Record<string, string>) => {
    setBusy(true);
    const done = await send((values[note.field] ?? '').trim());
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={`${note.title}：${item.user.nickname} ¥${formatYuan(item.amount_cents)}`}
      okText={note.ok}
      cancelText="取消"
      okButtonProps={kind === 'reject' ? { danger: true } : undefined}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`withdrawal-${kind}`} requiredMark={false} onFinish={(values) => void finish(values)}>
        <Form.Item
          name={note.field}
          label={label}
          rules={[
            { required: true, whitespace: true, message: note.missing },
            { max: note.max, message: note.long },
          ]}
        >
          <Input name={note.field} maxLength={note.max} allowClear autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function WithdrawalsPage() {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [status, setStatus] = useState<WithdrawStatus>('submitted');
  const list = usePagedTable('staffWithdrawals', withdrawalList, { status }, { empty: `暂无${WITHDRAW_STATUS_TEXT[status]}的提现申请` });
  const [acting, setActing] = useState<Acting | null>(null);

  /** Sends one change; true when the server took it. A refusal is shown and the list read again (its state moved on). */
  const run = async (call: () => Promise<StaffResult<unknown>>): Promise<boolean> => {
    const answer = await call();
    if (answer.code === STAFF_CODE.ok) {
      void message.success(answer.msg || '已处理');
      list.reload();
      return true;
    }
    if (answer.code !== STAFF_CODE.notSignedIn) {
      void message.error(answer.msg);
      list.reload();
    }
    return false;
  };
  const approve = (item: StaffWithdrawal) =>
    void confirm({
      content: `通过 ${item.user.nickname} 的提现申请 ¥${formatYuan(item.amount_cents)}？`,
      onOk: () => run(() => client.call(staffCalls.withdrawals.approve, { id: item.id })),
    });
  const sendNote = (note: string) => {
    if (!acting) return Promise.resolve(false);
    const { item, kind } = acting;
    return kind === 'pay' ? run(() => client.call(staffCalls.withdrawals.pay, { id: item.id, payout_ref: note })) : run(() => client.call(staffCalls.withdrawals.reject, { id: item.id, reason: note }));
  };

  const columns: TableColumnsType<StaffWithdrawal> = [
    { title: '编号', dataIndex: 'id', width: 64 },
    {
      title: '玩家',
      key: 'user',
      // Set widths keep each column readable: a column without one gets what the others leave.
      width: 170,
      render: (_: unknown, item) => (
        <div>
          {item.user.nickname}
          <div>
            <Typography.Text type="secondary">
              ID {item.user.id} · {item.user.phone}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { title: '来源', dataIndex: 'source', width: 64, render: (source: StaffWithdrawal['source']) => WITHDRAW_SOURCE_TEXT[source] },
    { title: '金额', dataIndex: 'amount_cents', width: 96, render: (cents: number) => `¥${formatYuan(cents)}` },
    // In full (finance pays to it), broken anywhere rather than widening the table.
    { title: '支付宝账号', dataIndex: 'alipay_account', render: (account: string) => <span className="staff-break">{account}</span> },
    { title: '收款人', dataIndex: 'payee_name', width: 88 },
    { title: '申请时间', dataIndex: 'created_at', width: 116, render: (iso: string) => <time dateTime={iso}>{chinaTime(iso)}</time> },
    {
      title: '状态',
      key: 'status',
      width: 130,
      render: (_: unknown, item) => (
        <div>
          <Tag>{item.status_text}</Tag>
          {item.payout_ref ? (
            <div className="staff-break">
              <Typography.Text type="secondary">流水号 {item.payout_ref}</Typography.Text>
            </div>
          ) : null}
          {item.reject_reason ? (
            <div>
              <Typography.Text type="secondary">原因：{item.reject_reason}</Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      // Kept in view when the table scrolls sideways on a narrower window.
      fixed: 'right',
      width: 124,
      render: (_: unknown, item) => (
        <Space size={4} wrap>
          {item.status === 'submitted' ? (
            <Button size="small" type="primary" onClick={() => approve(item)}>
              通过
            </Button>
          ) : null}
          {item.status === 'approved' ? (
            <Button size="small" type="primary" onClick={() => setActing({ item, kind: 'pay' })}>
              标记已打款
            </Button>
          ) : null}
          {item.status === 'submitted' || item.status === 'approved' ? (
            <Button size="small" danger onClick={() => setActing({ item, kind: 'reject' })}>
              驳回
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="staff-page">
      <Card role="region" aria-label="筛选">
        <Radio.Group
          aria-label="状态"
          optionType="button"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as WithdrawStatus);
            setActing(null);
          }}
          options={WITHDRAW_STATUSES.map((value) => ({ value, label: `${WITHDRAW_STATUS_TEXT[value]}${list.data ? ` ${list.data.counts[value]}` : ''}` }))}
        />
      </Card>
      <Card role="region" aria-label="提现申请">
        {list.error ? <Alert type="error" showIcon title={list.error} /> : null}
        <Table<StaffWithdrawal> {...list.table} columns={columns} scroll={{ x: 960 }} onRow={() => ({ 'data-testid': 'withdrawal-row' }) as HTMLAttributes<HTMLElement>} />
      </Card>
      {acting ? <NoteDialog key={`${acting.kind}-${acting.item.id}`} acting={acting} onClose={() => setActing(null)} send={sendNote} /> : null}
    </div>
  );
}
