import { useState, type ReactNode } from 'react';
import { formatYuan } from '../../../api/protocol/money.ts';
import { Link } from '../../app/Link.tsx';
import type { PageProps } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import NotFoundPage from '../../components/NotFoundPage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Row, Skeleton } from '../../features/payment/checkout-parts.tsx';
import { routeId } from '../../features/trade-buy/trade-data.ts';
import { useTradeAction } from '../../features/trade-buy/use-trade-action.ts';
import '../../features/payment/checkout.css';
import '../../features/trade-buy/trade-buy.css';
import * as tradeCalls from '../../../api/protocol/calls/trade.ts';

/**
 * /ceshiyemian: the test build's trading fixtures. When the server says they are off
 * (production: getTradeTestStatus.enabled false) the page is the router's not-open treatment;
 * otherwise 生成可出售小号 (makeTestSubAccount) and 跳过冷静期 (fastForwardTrade), with links into the flow.
 */
export default function CeShiYeMianPage(_: PageProps) {
  const status = useRemoteData('tradeTestStatus', tradeCalls.getTradeTestStatus);
  const decoded = status.data;
  if (status.failed) return <Frame><LoadFailed message={status.error} onRetry={status.retry} /></Frame>;
  if (status.loading || status.data === null) return <Frame><Skeleton /></Frame>;
  // Unreadable answers count as off: fixtures never show unless the server says so.
  if (!decoded?.enabled) return <NotFoundPage route={{ path: '/ceshiyemian', topLevel: false }} />;
  return (
    <Frame>
      <Fixtures />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="page trade-page">
      <PageHeader title="交易测试" onBack={() => navigate('back')} />
      {children}
    </div>
  );
}

function Fixtures() {
  const runtime = useRuntime();
  const signedIn = useSignedIn();
  const [gameText, setGameText] = useState('');
  const [tradeText, setTradeText] = useState('');
  const make = useTradeAction(tradeCalls.makeTestSubAccount);
  const skip = useTradeAction(tradeCalls.fastForwardTrade);
  if (!signedIn)
    return (
      <div className="pay-result">
        <p className="pay-result__title">登录后使用测试功能</p>
        <button type="button" className="checkout__button" onClick={() => runtime.openLogin()}>
          去登录
        </button>
      </div>
    );
  const made = make.result;
  const skipped = skip.result;
  const tradeId = routeId(tradeText);
  return (
    <>
      <p className="trade-note">测试构建专用：以下操作直接改动测试数据，生产环境不可用。</p>
      <section className="trade-card trade-fixture" aria-label="生成可出售小号">
        <h2 className="trade-card__title">生成可出售小号</h2>
        <input inputMode="numeric" aria-label="平台游戏ID（可不填）" placeholder="平台游戏ID（可不填，默认第一个游戏）" value={gameText} onChange={(event) => setGameText(event.target.value.replace(/\D/g, '').slice(0, 9))} />
        <button type="button" className="checkout__button checkout__button--block" disabled={make.busy} aria-busy={make.busy} onClick={() => {
            const platformGameId = routeId(gameText);
            make.run(platformGameId ? { platform_game_id: platformGameId } : {});
          }}>
          {make.busy ? '生成中…' : '生成可出售小号'}
        </button>
        {make.error && (
          <p className="checkout__error" role="alert">
            {make.error}
          </p>
        )}
        {made && (
          <div className="trade-fixture__out" role="status" aria-label="生成结果">
            <Row label="游戏">{made.game.game_name}</Row>
            <Row label="小号">{made.sub_account.name}</Row>
            <Row label="小号天数">{made.sub_account.age_days}天</Row>
            <Row label="累计充值">¥{formatYuan(made.sub_account.topup_cents)}</Row>
            <Row label="可出售">{made.sub_account.eligible ? '是' : '否'}</Row>
            <Link className="checkout__link" to="/sellgoodsinfo" data={{ sub_account_id: made.sub_account.id }}>
              用这个小号去卖号
            </Link>
          </div>
        )}
      </section>
      <section className="trade-card trade-fixture" aria-label="跳过冷静期">
        <h2 className="trade-card__title">跳过冷静期</h2>
        <input inputMode="numeric" aria-label="交易ID" placeholder="交易ID（交易详情或交易记录中可见）" value={tradeText} onChange={(event) => setTradeText(event.target.value.replace(/\D/g, '').slice(0, 9))} />
        <button type="button" className="checkout__button checkout__button--block" disabled={skip.busy || tradeId === null} aria-busy={skip.busy} onClick={() => tradeId && skip.run({ trade_id: tradeId })}>
          {skip.busy ? '处理中…' : '跳过冷静期'}
        </button>
        {skip.error && (
          <p className="checkout__error" role="alert">
            {skip.error}
          </p>
        )}
        {skipped && (
          <div className="trade-fixture__out" role="status" aria-label="冷静期结果">
            <Row label="交易">{skipped.title}</Row>
            <Row label="状态">{skipped.status_text}</Row>
            <Link className="checkout__link" to="/tradingsuccess" data={{ trade_id: skipped.id }}>
              查看交易详情
            </Link>
          </div>
        )}
      </section>
      <section className="trade-card" aria-label="交易流程">
        <h2 className="trade-card__title">交易流程</h2>
        <p className="trade-links">
          <Link to="/submitapplication">我要卖号</Link>
          <Link to="/sellaccount">我的商品</Link>
          <Link to="/circle">账号交易</Link>
          <Link to="/traderecord">交易记录</Link>
          <Link to="/tradeinstruction">交易须知</Link>
        </p>
      </section>
    </>
  );
}
