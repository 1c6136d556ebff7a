import { useState } from 'react';
import type { TradeView } from '../../../api/protocol/calls/trade.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { checkReason, TRADE_MSG, TRADE_REASON_MAX } from '../../../api/protocol/trade-rules.ts';
import { Link } from '../../app/Link.tsx';
import type { PageProps } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatShortTime } from '../../features/money/money-data.ts';
import { Row, Skeleton } from '../../features/payment/checkout-parts.tsx';
import { tradeRefOf, type TradeRef } from '../../features/trade-buy/trade-data.ts';
import { useTradeAction } from '../../features/trade-buy/use-trade-action.ts';
import { copyText } from '../../app/clipboard.ts';
import '../../features/payment/checkout.css';
import '../../features/trade-buy/trade-buy.css';
import * as tradeCalls from '../../../api/protocol/calls/trade.ts';

/**
 * /tradingsuccess data { trade_id } | { order_number }: a paid trade. The buyer sees the role
 * (game, 区服, 角色, the sub-account's name), the second-level password with 复制, the cooling-off
 * period and 申请售后 while it runs; the seller sees the proceeds (net and fee): 待入账 until
 * release_at, then 已到账 in 余额. Disputed and refunded trades say so.
 */
export default function TradingSuccessPage({ data }: PageProps) {
  const navigate = useNavigate();
  const runtime = useRuntime();
  const signedIn = useSignedIn();
  const ref = tradeRefOf(data);
  return (
    <div className="page trade-page">
      <PageHeader title="交易详情" onBack={() => navigate('back')} />
      {ref === null ? (
        <div className="pay-result" role="alert">
          <p className="pay-result__title">{TRADE_MSG.tradeMissing}</p>
          <button type="button" className="checkout__button" onClick={() => navigate('/traderecord', null, { replace: true })}>
            查看交易记录
          </button>
        </div>
      ) : !signedIn ? (
        <div className="pay-result">
          <p className="pay-result__title">登录后查看交易详情</p>
          <button type="button" className="checkout__button" onClick={() => runtime.openLogin()}>
            去登录
          </button>
        </div>
      ) : (
        <TradeLoader tradeRef={ref} />
      )}
    </div>
  );
}

function TradeLoader({ tradeRef }: { tradeRef: TradeRef }) {
  const trade = useRemoteData('trade', tradeCalls.getTrade, tradeRef);
  const view = trade.data;
  // openDispute answers the trade as it now is; it replaces the loaded one.
  const [changed, setChanged] = useState<TradeView | null>(null);
  if (trade.failed) return <LoadFailed message={trade.error} onRetry={trade.retry} />;
  if (trade.loading || trade.data === null) return <Skeleton />;
  const shown = changed && view && changed.id === view.id ? changed : view;
  if (!shown) return <LoadFailed message="交易信息有误，请稍后再试" onRetry={trade.refresh} />;
  return shown.side === 'buyer' ? <BuyerView trade={shown} onChanged={setChanged} /> : <SellerView trade={shown} />;
}

const time = (iso: string | null) => (iso ? formatShortTime(iso) : '');

function BuyerView({ trade, onChanged }: { trade: TradeView; onChanged: (trade: TradeView) => void }) {
  const copy = async () => showToast((await copyText(trade.second_password ?? '')) ? '二级密码已复制' : '复制失败，请长按手动复制');
  return (
    <>
      <div className="pay-result">
        <div className={`pay-result__icon pay-result__icon--${trade.status === 'refunded' ? 'bad' : 'ok'}`} aria-hidden="true">
          {trade.status === 'refunded' ? '!' : '✓'}
        </div>
        <h2 className="pay-result__title">{trade.status === 'refunded' ? '已退款' : '交易成功'}</h2>
        <p className="pay-result__text">{trade.status === 'refunded' ? `¥${formatYuan(trade.price_cents)} 已退回余额，账号已退回卖家` : '账号已转入你的名下，可在游戏中用该小号登录'}</p>
      </div>
      <section className="checkout__card" aria-label="账号信息">
        <h3 className="checkout__card-title">{trade.title}</h3>
        <Row label="游戏">{trade.game_name}</Row>
        <Row label="区服">{trade.server_name}</Row>
        <Row label="角色">{trade.role_name}</Row>
        <Row label="小号">{trade.sub_account_name}</Row>
        <Row label="实付">¥{formatYuan(trade.price_cents)}</Row>
        <Row label="订单号">{trade.order_number}</Row>
        <Row label="交易编号">
          <span data-testid="trade-id">{trade.id}</span>
        </Row>
        <Row label="付款时间">{time(trade.paid_at)}</Row>
      </section>
      {trade.status !== 'refunded' && (
        <section className="trade-card" aria-label="二级密码">
          <h3 className="trade-card__title">二级密码</h3>
          {trade.second_password ? (
            <div className="trade-secret">
              <output data-testid="second-password">{trade.second_password}</output>
              <button type="button" className="checkout__link" onClick={() => void copy()}>
                复制
              </button>
            </div>
          ) : (
            <p className="checkout__hint">卖家未设置二级密码</p>
          )}
        </section>
      )}
      <StatusCard trade={trade} />
      {trade.can_dispute && <DisputeForm trade={trade} onChanged={onChanged} />}
      <Links />
    </>
  );
}

function StatusCard({ trade }: { trade: TradeView }) {
  return (
    <section className="checkout__card" aria-label="交易状态">
      <Row label="状态">
        <span data-testid="trade-status">{trade.status_text}</span>
      </Row>
      {trade.status === 'cooling' && <Row label="冷静期至">{time(trade.release_at)}</Row>}
      {trade.released_at && <Row label="完成时间">{time(trade.released_at)}</Row>}
      {trade.refunded_at && <Row label="退款时间">{time(trade.refunded_at)}</Row>}
      {trade.dispute && (
        <>
          <Row label="售后原因">{trade.dispute.reason}</Row>
          <Row label="处理结果">{trade.dispute.resolution ?? '客服处理中'}</Row>
        </>
      )}
      {trade.side === 'buyer' && trade.status === 'cooling' && <p className="checkout__hint">冷静期内如账号有问题可申请售后，款项将冻结待客服处理</p>}
    </section>
  );
}

function DisputeForm({ trade, onChanged }: { trade: TradeView; onChanged: (trade: TradeView) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const dispute = useTradeAction(tradeCalls.openDispute, (changed) => {
    showToast(TRADE_MSG.disputed);
    onChanged(changed);
  });
  if (!open)
    return (
      <button type="button" className="checkout__button checkout__button--ghost checkout__button--block" onClick={() => setOpen(true)}>
        申请售后
      </button>
    );
  const submit = () => {
    const checked = checkReason(reason);
    if (!checked.ok) return setInvalid(checked.message);
    setInvalid(null);
    dispute.run({ trade_id: trade.id, reason: checked.value });
  };
  const error = invalid ?? dispute.error;
  return (
    <form
      className="trade-card trade-form"
      aria-label="申请售后"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 className="trade-card__title">申请售后</h3>
      <textarea aria-label="售后原因" placeholder="请描述账号的问题（如无法登录、与描述不符）" maxLength={TRADE_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
      {error && (
        <p className="checkout__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="checkout__button checkout__button--block" disabled={dispute.busy} aria-busy={dispute.busy}>
        {dispute.busy ? '提交中…' : '提交'}
      </button>
    </form>
  );
}

function SellerView({ trade }: { trade: TradeView }) {
  const released = trade.status === 'released';
  return (
    <>
      <div className="pay-result">
        <div className={`pay-result__icon pay-result__icon--${trade.status === 'refunded' ? 'bad' : released ? 'ok' : 'wait'}`} aria-hidden="true">
          {trade.status === 'refunded' ? '!' : released ? '✓' : '…'}
        </div>
        <h2 className="pay-result__title">{trade.status === 'refunded' ? '已退款给买家' : released ? '已到账' : trade.status === 'disputed' ? '售后处理中' : '待入账'}</h2>
        <p className="pay-result__text">
          {trade.status === 'refunded'
            ? '买家申请售后，客服已退款，小号已退回你的名下'
            : released
              ? `¥${formatYuan(trade.net_cents)} 已转入余额，可提现`
              : trade.status === 'disputed'
                ? '买家申请了售后，款项冻结中，客服会尽快处理'
                : `冷静期结束（${time(trade.release_at)}）后 ¥${formatYuan(trade.net_cents)} 转入余额`}
        </p>
      </div>
      <section className="checkout__card" aria-label="收入">
        <h3 className="checkout__card-title">{trade.title}</h3>
        <Row label="游戏">{[trade.game_name, trade.server_name].filter(Boolean).join(' · ')}</Row>
        <Row label="售价">¥{formatYuan(trade.price_cents)}</Row>
        <Row label="手续费">-¥{formatYuan(trade.fee_cents)}</Row>
        <Row label={released ? '已到账' : '待入账'}>
          <span className="checkout__total" data-testid="seller-net">
            ¥{formatYuan(trade.net_cents)}
          </span>
        </Row>
        <Row label="交易编号">
          <span data-testid="trade-id">{trade.id}</span>
        </Row>
        <Row label="付款时间">{time(trade.paid_at)}</Row>
      </section>
      <StatusCard trade={trade} />
      <Links />
    </>
  );
}

function Links() {
  return (
    <p className="trade-links" style={{ margin: '12px' }}>
      <Link to="/traderecord">交易记录</Link>
      <Link to="/mywallet">我的余额</Link>
      <Link to="/tradeinstruction">交易须知</Link>
    </p>
  );
}
