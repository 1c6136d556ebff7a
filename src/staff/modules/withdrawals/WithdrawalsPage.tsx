import { useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { formatYuan } from '../../../../api/protocol/money.ts';
import { list as withdrawalList, type StaffWithdrawal } from '../../../../api/protocol/staff/withdrawals.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { PAYOUT_REF_MAX, REJECT_REASON_MAX, WITHDRAW_MSG, WITHDRAW_SOURCE_TEXT, WITHDRAW_STATUS_TEXT, WITHDRAW_STATUSES, type WithdrawStatus } from '../../../../api/protocol/withdraw-rules.ts';
import { Chips, ErrorLine, Pager, When } from '../../content/parts.tsx';
import type { StaffResult } from '../../api.ts';
import { useStaffData } from '../../use-staff-data.ts';
import '../../content/content.css';

/**
 * 提现审核: the requests by status (审核中 and 已通过 oldest first, the others newest first), each with
 * the player, amount, source, the Alipay account and payee in full (finance pays to them). 通过
 * (审核中), 标记已打款 with the Alipay payout reference (已通过), 驳回 with a reason (审核中 / 已通过).
 * The server refuses a change the request's state no longer allows (another click got there first).
 */

const LIMIT = 20;
type Acting = { id: number; kind: 'pay' | 'reject' } | null;

export default function WithdrawalsPage() {
  const client = useStaffClient();
  const [status, setStatus] = useState<WithdrawStatus>('submitted');
  const [page, setPage] = useState(1);
  const { data: state, error, reload } = useStaffData('staffWithdrawals', withdrawalList, { page, limit: LIMIT, status });
  const [acting, setActing] = useState<Acting>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const done = (message: string) => {
    Toast.show({ content: message });
    setActing(null);
    setNote('');
    reload();
  };
  const run = async (call: () => Promise<StaffResult<unknown>>) => {
    setBusy(true);
    const answer = await call();
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) done(answer.msg || '已处理');
    else if (answer.code !== STAFF_CODE.notSignedIn) {
      Toast.show({ content: answer.msg });
      reload();
    }
  };
  const approve = (item: StaffWithdrawal) =>
    void confirm({
      content: `通过 ${item.user.nickname} 的提现申请 ¥${formatYuan(item.amount_cents)}？`,
      confirmText: '确定',
      cancelText: '取消',
      onConfirm: () => run(() => client.call(staffCalls.withdrawals.approve, { id: item.id })),
    });
  const submitNote = (): void => {
    if (!acting) return;
    const value = note.trim();
    if (value === '') {
      Toast.show({ content: acting.kind === 'pay' ? WITHDRAW_MSG.payoutMissing : WITHDRAW_MSG.reasonMissing });
      return;
    }
    if (acting.kind === 'pay') void run(() => client.call(staffCalls.withdrawals.pay, { id: acting.id, payout_ref: value }));
    else void run(() => client.call(staffCalls.withdrawals.reject, { id: acting.id, reason: value }));
  };

  return (
    <div className="staff-page">
      <section className="staff-card" aria-label="状态">
        <Chips
          label="状态"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
            setActing(null);
          }}
          options={WITHDRAW_STATUSES.map((value) => ({ value, label: `${WITHDRAW_STATUS_TEXT[value]}${state ? ` ${state.counts[value]}` : ''}` }))}
        />
      </section>
      <section className="staff-card" aria-label="提现申请">
        <ErrorLine message={error} />
        {state === null ? (
          <div className="staff-muted">{error ? '' : '加载中…'}</div>
        ) : state.list.length === 0 ? (
          <div className="staff-muted">暂无{WITHDRAW_STATUS_TEXT[status]}的提现申请</div>
        ) : (
          <table className="staff-table">
            <thead>
              <tr>
                <th>编号</th>
                <th>玩家</th>
                <th>来源</th>
                <th>金额</th>
                <th>支付宝账号</th>
                <th>收款人</th>
                <th>申请时间</th>
                <th>状态</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {state.list.map((item) => (
                <tr key={item.id} data-testid="withdrawal-row">
                  <td>{item.id}</td>
                  <td>
                    {item.user.nickname}
                    <div className="staff-muted">
                      ID {item.user.id} · {item.user.phone}
                    </div>
                  </td>
                  <td>{WITHDRAW_SOURCE_TEXT[item.source]}</td>
                  <td>¥{formatYuan(item.amount_cents)}</td>
                  <td>{item.alipay_account}</td>
                  <td>{item.payee_name}</td>
                  <td>
                    <When iso={item.created_at} />
                  </td>
                  <td>
                    {item.status_text}
                    {item.payout_ref ? <div className="staff-muted">流水号 {item.payout_ref}</div> : null}
                    {item.reject_reason ? <div className="staff-muted">原因：{item.reject_reason}</div> : null}
                  </td>
                  <td className="staff-actions">
                    {item.status === 'submitted' ? (
                      <Button size="small" color="primary" disabled={busy} onClick={() => approve(item)}>
                        通过
                      </Button>
                    ) : null}
                    {item.status === 'approved' ? (
                      <Button size="small" color="success" disabled={busy} onClick={() => setActing({ id: item.id, kind: 'pay' })}>
                        标记已打款
                      </Button>
                    ) : null}
                    {item.status === 'submitted' || item.status === 'approved' ? (
                      <Button size="small" color="danger" fill="outline" disabled={busy} onClick={() => setActing({ id: item.id, kind: 'reject' })}>
                        驳回
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {state ? <Pager page={page} total={state.total} limit={LIMIT} onPage={setPage} /> : null}
      </section>
      {acting ? (
        <section className="staff-card staff-row" aria-label={acting.kind === 'pay' ? '标记已打款' : '驳回'}>
          <label className="staff-field staff-grow">
            <span>
              {acting.kind === 'pay' ? `提现 #${acting.id} 的支付宝打款流水号` : `驳回提现 #${acting.id} 的原因（玩家可见，金额退回原账户）`}
            </span>
            <Input name={acting.kind === 'pay' ? 'payout_ref' : 'reason'} value={note} maxLength={acting.kind === 'pay' ? PAYOUT_REF_MAX : REJECT_REASON_MAX} onChange={setNote} clearable />
          </label>
          <Button color={acting.kind === 'pay' ? 'primary' : 'danger'} disabled={busy} onClick={submitNote}>
            {acting.kind === 'pay' ? '确认已打款' : '确认驳回'}
          </Button>
          <Button disabled={busy} onClick={() => setActing(null)}>
            取消
          </Button>
        </section>
      ) : null}
    </div>
  );
}
