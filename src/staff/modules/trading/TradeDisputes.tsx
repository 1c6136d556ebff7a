import { useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Toast from 'antd-mobile/es/components/toast';
import { formatYuan } from '../../../../api/protocol/money.ts';
import { trades as tradeList, type StaffTrade } from '../../../../api/protocol/staff/trading.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { TRADE_STATUS_TEXT, TRADE_STATUSES, type TradeStatus } from '../../../../api/protocol/trade-rules.ts';
import { type StaffResult } from '../../api.ts';
import { Chips, ErrorLine, Pager, When } from '../../content/parts.tsx';
import { useStaffData } from '../../use-staff-data.ts';
import { NoteForm } from './parts.tsx';

/**
 * 交易纠纷 (finance, admins): the paid trades by status (纠纷处理中 by default, oldest first; counts
 * per status), each with buyer, seller, price / fee / net, when it was paid, when the cooling-off
 * ends and the buyer's dispute. A disputed trade is decided by 退款给买家 (the price back to the
 * buyer's 余额, the sub-account back to the seller) or 放款给卖家 (the net to the seller's 余额, the
 * fee to the platform): each needs a note (the decision's reason, 1–200 characters) and then a
 * confirmation naming the amount and the person. A refusal (the trade moved meanwhile) is shown
 * and the list read again.
 */

const LIMIT = 20;
type Deciding = { id: number; kind: 'refund' | 'release' } | null;

const DECISION = {
  refund: { button: '退款给买家', submit: '确认退款', hint: '退款说明（买卖双方可见）：托管款退回买家余额，小号退回卖家' },
  release: { button: '放款给卖家', submit: '确认放款', hint: '放款说明（买卖双方可见）：卖家所得即时入余额，手续费入平台收入' },
} as const;

export default function TradeDisputes() {
  const client = useStaffClient();
  const [status, setStatus] = useState<TradeStatus>('disputed');
  const [page, setPage] = useState(1);
  const { data: state, error, reload } = useStaffData('staffTrades', tradeList, { page, limit: LIMIT, status });
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<StaffResult<unknown>>) => {
    setBusy(true);
    const answer = await call();
    setBusy(false);
    if (answer.code === STAFF_CODE.ok) {
      Toast.show({ content: answer.msg || '已处理' });
      setDeciding(null);
      reload();
    } else if (answer.code !== STAFF_CODE.notSignedIn) {
      Toast.show({ content: answer.msg });
      reload();
    }
  };
  const decide = (item: StaffTrade, kind: 'refund' | 'release', note: string) =>
    void confirm({
      title: DECISION[kind].button,
      content:
        kind === 'refund'
          ? `交易 #${item.id}：退款 ¥${formatYuan(item.price_cents)} 给买家 ${item.buyer.nickname}，小号退回卖家 ${item.seller.nickname}？`
          : `交易 #${item.id}：放款 ¥${formatYuan(item.net_cents)} 给卖家 ${item.seller.nickname}（手续费 ¥${formatYuan(item.fee_cents)}）？`,
      confirmText: '确定',
      cancelText: '取消',
      onConfirm: () => run(() => (kind === 'refund' ? client.call(staffCalls.trading.refund, { id: item.id, note }) : client.call(staffCalls.trading.release, { id: item.id, note }))),
    });

  return (
    <>
      <section className="staff-card" aria-label="交易状态">
        <Chips
          label="交易状态"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
            setDeciding(null);
          }}
          options={TRADE_STATUSES.map((value) => ({ value, label: `${TRADE_STATUS_TEXT[value]}${state ? ` ${state.counts[value]}` : ''}` }))}
        />
      </section>
      <section className="staff-card" aria-label="交易列表">
        <ErrorLine message={error} />
        {state === null ? (
          <div className="staff-muted">{error ? '' : '加载中…'}</div>
        ) : state.list.length === 0 ? (
          <div className="staff-muted">暂无{TRADE_STATUS_TEXT[status]}的交易</div>
        ) : (
          <ol className="trading-list">
            {state.list.map((item) => (
              <li key={item.id}>
                <article className="trading-item" data-testid="trade-item" data-status={item.status} aria-label={`交易 #${item.id} ${item.title}`}>
                  <header className="trading-head">
                    <strong>
                      #{item.id} {item.title}
                    </strong>
                    <span className={`trading-status trading-status-${item.status}`}>{item.status_text}</span>
                  </header>
                  <dl className="content-facts">
                    <dt>订单号</dt>
                    <dd>{item.order_number}</dd>
                    <dt>游戏</dt>
                    <dd>
                      {item.game_name} <span className="staff-muted">商品 #{item.listing_id}</span>
                    </dd>
                    <dt>买家</dt>
                    <dd>
                      {item.buyer.nickname} <span className="staff-muted">ID {item.buyer.id} · {item.buyer.phone}</span>
                    </dd>
                    <dt>卖家</dt>
                    <dd>
                      {item.seller.nickname} <span className="staff-muted">ID {item.seller.id} · {item.seller.phone}</span>
                    </dd>
                    <dt>价格</dt>
                    <dd data-testid="trade-figures">
                      ¥{formatYuan(item.price_cents)} <span className="staff-muted">手续费 ¥{formatYuan(item.fee_cents)} · 卖家实得 ¥{formatYuan(item.net_cents)}</span>
                    </dd>
                    <dt>付款时间</dt>
                    <dd>
                      <When iso={item.paid_at} />
                    </dd>
                    <dt>冷静期至</dt>
                    <dd>
                      <When iso={item.release_at} />
                    </dd>
                    {item.dispute ? (
                      <>
                        <dt>售后原因</dt>
                        <dd data-testid="dispute-reason">
                          {item.dispute.reason}
                          <div className="staff-muted">
                            申请于 <When iso={item.dispute.opened_at} />
                          </div>
                        </dd>
                        {item.dispute.resolution !== null || item.dispute.resolved_at !== null ? (
                          <>
                            <dt>处理结果</dt>
                            <dd>
                              {item.dispute.resolution ?? '—'}
                              <div className="staff-muted">
                                处理于 <When iso={item.dispute.resolved_at} />
                              </div>
                            </dd>
                          </>
                        ) : null}
                      </>
                    ) : null}
                  </dl>
                  {item.status === 'disputed' ? (
                    deciding?.id === item.id ? (
                      <NoteForm
                        key={deciding.kind}
                        label={`${DECISION[deciding.kind].button} 交易 #${item.id}`}
                        hint={DECISION[deciding.kind].hint}
                        name="note"
                        submitText={DECISION[deciding.kind].submit}
                        danger={deciding.kind === 'refund'}
                        busy={busy}
                        onSubmit={(note) => decide(item, deciding.kind, note)}
                        onCancel={() => setDeciding(null)}
                      />
                    ) : (
                      <div className="staff-actions">
                        <Button size="small" color="danger" fill="outline" disabled={busy} onClick={() => setDeciding({ id: item.id, kind: 'refund' })}>
                          {DECISION.refund.button}
                        </Button>
                        <Button size="small" color="primary" disabled={busy} onClick={() => setDeciding({ id: item.id, kind: 'release' })}>
                          {DECISION.release.button}
                        </Button>
                      </div>
                    )
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        )}
        {state ? <Pager page={page} total={state.total} limit={LIMIT} onPage={setPage} /> : null}
      </section>
    </>
  );
}
