import type { ListingDetail } from '../../../api/protocol/calls/trade.ts';
import { formatYuan, MONEY_MSG } from '../../../api/protocol/money.ts';
import { TRADE_MSG } from '../../../api/protocol/trade-rules.ts';
import { Link } from '../../app/Link.tsx';
import type { PageProps } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import * as walletCalls from '../../../api/protocol/calls/wallet.ts';
import { Row, Skeleton } from '../../features/payment/checkout-parts.tsx';
import { RealNameNoticeCard, useLacksRealName } from '../../features/payment/RealNameNotice.tsx';
import { routeId } from '../../features/trade-buy/trade-data.ts';
import * as tradeCalls from '../../../api/protocol/calls/trade.ts';
import { PAY_METHOD_NAMES } from '../../features/trade-buy/trade-text.ts';
import { useTradePurchase, type TradePurchase } from '../../features/trade-buy/use-trade-purchase.ts';
import '../../features/payment/checkout.css';
import '../../features/trade-buy/trade-buy.css';

/**
 * /wantpay data { listing_id }: one listing in full (screenshots, game, 区服, 角色, 累计充值, 小号天数,
 * description, price, the seller), 交易须知, and 立即购买 → the confirm sheet (支付宝 sandbox or 余额)
 * → buyListing → /orderpay. The seller's own listing, a reserved one and a gone one say so instead.
 */

export default function WantPayPage({ data }: PageProps) {
  const navigate = useNavigate();
  const listingId = routeId(data?.listing_id);
  return (
    <div className="page trade-page">
      <PageHeader title="账号详情" onBack={() => navigate('back')} />
      {listingId === null ? (
        <div className="pay-result" role="alert">
          <p className="pay-result__title">{TRADE_MSG.listingMissing}</p>
          <button type="button" className="checkout__button" onClick={() => navigate('/circle', null, { replace: true })}>
            去看看其他账号
          </button>
        </div>
      ) : (
        <ListingView listingId={listingId} />
      )}
    </div>
  );
}

function ListingView({ listingId }: { listingId: number }) {
  const listing = useRemoteData('tradeListing', tradeCalls.getListing, { listing_id: listingId });
  const detail = listing.data;
  if (listing.failed) return <LoadFailed message={listing.error} onRetry={listing.retry} />;
  if (listing.loading || listing.data === null) return <Skeleton />;
  if (!detail) return <LoadFailed message="商品信息有误，请稍后再试" onRetry={listing.refresh} />;
  return <ListingBody detail={detail} />;
}

function ListingBody({ detail }: { detail: ListingDetail }) {
  const signedIn = useSignedIn();
  // Only a signed-in player's real name is asked for: signed out, 立即购买 opens the login.
  return signedIn && detail.status === 'on_sale' && !detail.is_own ? <BuyerListing detail={detail} /> : <ListingContent detail={detail} lacksRealName={false} />;
}

/** Buying needs an adult's verified real name: a player without one is told before 立即购买, which waits for it. */
function BuyerListing({ detail }: { detail: ListingDetail }) {
  return <ListingContent detail={detail} lacksRealName={useLacksRealName()} />;
}

function ListingContent({ detail, lacksRealName }: { detail: ListingDetail; lacksRealName: boolean }) {
  const navigate = useNavigate();
  const runtime = useRuntime();
  const signedIn = useSignedIn();
  const purchase = useTradePurchase({
    listingId: detail.id,
    onCreated: ({ order }) => navigate('/orderpay', { order_number: order.order_number }),
    onPaid: ({ order }) => navigate('/tradingsuccess', { order_number: order.order_number }, { replace: true }),
  });
  const buyable = detail.status === 'on_sale' && !detail.is_own;
  const gone = detail.status !== 'on_sale' && detail.status !== 'reserved';
  const sheetOpen = purchase.phase === 'confirming' || purchase.phase === 'creating' || purchase.phase === 'createWait';
  return (
    <>
      {detail.images.length > 0 && (
        <ul className="trade-gallery" aria-label="账号截图">
          {detail.images.map((src, index) => (
            <li key={src}>
              <img src={src} alt={`截图${index + 1}`} loading={index === 0 ? 'eager' : 'lazy'} width={280} height={180} />
            </li>
          ))}
        </ul>
      )}
      <section className="trade-card" aria-label="价格">
        <p className="trade-price" data-testid="listing-price">
          ¥{formatYuan(detail.price_cents)}
        </p>
        <h2 className="trade-detail__title">{detail.title}</h2>
      </section>
      {detail.is_own && <p className="trade-note">这是你出售的账号（{detail.status_text}），不能购买自己的账号</p>}
      {!detail.is_own && detail.status === 'reserved' && <p className="trade-note">正在交易中，其他买家已下单，15分钟内未支付将重新开放</p>}
      {gone && !detail.is_own && <p className="trade-note trade-note--bad">{TRADE_MSG.notOnSale}</p>}
      {lacksRealName && <RealNameNoticeCard message={TRADE_MSG.buyerNeedRealName} />}
      <section className="checkout__card" aria-label="账号信息">
        <Row label="游戏">{detail.game_name}</Row>
        <Row label="区服">{detail.server_name}</Row>
        <Row label="角色">{detail.role_name}</Row>
        <Row label="累计充值">¥{formatYuan(detail.topup_cents)}</Row>
        <Row label="小号天数">{detail.age_days}天</Row>
        <Row label="二级密码">{detail.has_second_password ? '有（付款后可见）' : '无'}</Row>
      </section>
      {detail.description && (
        <section className="trade-card" aria-label="账号描述">
          <h3 className="trade-card__title">账号描述</h3>
          <p className="trade-detail__desc">{detail.description}</p>
        </section>
      )}
      <section className="checkout__card" aria-label="卖家">
        <Row label="卖家">{detail.seller.nickname || '匿名卖家'}</Row>
        <Row label="已售出">{detail.seller.sold_count}个账号</Row>
        <Link className="checkout__link" to="/tradeinstruction">
          购买前请阅读《交易须知》
        </Link>
      </section>
      <div className="checkout__bar">
        <span className="checkout__bar-total">
          <strong className="checkout__total">¥{formatYuan(detail.price_cents)}</strong>
        </span>
        {detail.is_own ? (
          <button type="button" className="checkout__button" disabled>
            自己的账号
          </button>
        ) : detail.status === 'reserved' ? (
          <button type="button" className="checkout__button" disabled>
            正在交易中
          </button>
        ) : gone ? (
          <button type="button" className="checkout__button" disabled>
            已下架
          </button>
        ) : (
          <button type="button" className="checkout__button" disabled={!buyable || lacksRealName} onClick={() => (signedIn ? purchase.open() : runtime.openLogin())}>
            立即购买
          </button>
        )}
      </div>
      {sheetOpen && <ConfirmSheet detail={detail} purchase={purchase} />}
    </>
  );
}

function ConfirmSheet({ detail, purchase }: { detail: ListingDetail; purchase: TradePurchase }) {
  const navigate = useNavigate();
  const money = useRemoteData('tradeWallet', walletCalls.getMoney);
  const balances = money.data;
  const wallet = balances?.wallet_cents;
  const walletShort = wallet !== undefined && wallet < detail.price_cents;
  const busy = purchase.busy;
  const method = purchase.payMethod;
  return (
    // While the order is being made, the mask and Escape wait for the answer.
    <Sheet open onClose={busy ? () => {} : purchase.close} label="确认购买" className="trade-sheet__panel">
      <h2 className="trade-sheet__title">确认购买</h2>
      <Row label="商品">{detail.title}</Row>
      <Row label="实付">
        <span className="checkout__total">¥{formatYuan(detail.price_cents)}</span>
      </Row>
      <ul className="checkout__methods" role="radiogroup" aria-label="支付方式">
        {(['provider', 'wallet'] as const).map((m) => (
          <li key={m}>
            <button type="button" className="checkout__method" role="radio" aria-checked={method === m} disabled={busy || (m === 'wallet' && walletShort)} onClick={() => purchase.choose(m)}>
              <span className="checkout__method-name">{PAY_METHOD_NAMES[m]}</span>
              {m === 'wallet' && <span className="checkout__method-balance">{wallet === undefined ? '余额加载中' : walletShort ? `${MONEY_MSG.walletShort}（¥${formatYuan(wallet)}）` : `可用 ¥${formatYuan(wallet)}`}</span>}
              <span className={`checkout__radio${method === m ? ' checkout__radio--on' : ''}`} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <p className="checkout__hint">下单后商品为你保留15分钟，请在15分钟内完成支付</p>
      {purchase.error && (
        <p className="checkout__error" role="alert">
          {purchase.error}
          {purchase.error.includes('实名认证') && (
            <>
              {' '}
              <button type="button" className="checkout__link" onClick={() => navigate('/realnamecertificateone')}>
                去实名认证
              </button>
            </>
          )}
        </p>
      )}
      <button type="button" className="checkout__button checkout__button--block" disabled={busy || (method === 'wallet' && walletShort)} aria-busy={busy} onClick={purchase.submit}>
        {busy ? '正在下单…' : '确认购买'}
      </button>
      <button type="button" className="checkout__button checkout__button--ghost checkout__button--block" disabled={busy} onClick={purchase.close}>
        取消
      </button>
    </Sheet>
  );
}
