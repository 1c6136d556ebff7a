import { useEffect, useRef } from 'react';
import type { MyListing } from '../../../api/protocol/calls/trade.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { LISTING_STATUS_TEXT, LISTING_STATUSES, type ListingStatus } from '../../../api/protocol/trade-rules.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import '../../features/trade-sell/trade-sell.css';
import { useListingLifecycle } from '../../features/trade-sell/use-listing-lifecycle.ts';
import { getMyListings } from '../../../api/protocol/calls/trade.ts';

/**
 * /sellaccount (我的出售): the player's listings (getMyListings), latest first, paged and windowed.
 * Each row runs its listing's lifecycle (machines/listing-lifecycle.machine.ts): the status chip
 * (LISTING_STATUS_TEXT), a rejection's reason, and the actions its status allows — 编辑 (→
 * /sellaccountedit), 下架 (asked first), 重新提交, 查看交易 (→ /tradingsuccess), 刷新.
 */

const ROW_HEIGHT = 168;

export default function SellAccountPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page">
      <PageHeader title="我的出售" onBack={() => navigate('back')} />
      <Link className="money-header-link" to="/submitapplication">
        我要卖号
      </Link>
      {signedIn ? <Listings /> : <MoneySignIn text="登录后查看你出售的小号" />}
    </div>
  );
}

function Listings() {
  const list = usePagedCall('myListings', getMyListings, {});
  // The windowed list unmounts rows scrolled away; a row coming back starts from what its actor last knew.
  const latest = useRef(new Map<number, MyListing>());
  return (
    <PagedListView
      list={list}
      rowHeight={ROW_HEIGHT}
      label="我的出售"
      emptyMessage="你还没有出售过小号"
      emptyAction={{ label: '去卖号', to: '/submitapplication' }}
      getKey={(row) => String(row.id)}
      renderRow={(row) => <ListingRow listing={latest.current.get(row.id) ?? row} onChange={(listing) => latest.current.set(listing.id, listing)} />}
    />
  );
}

const statusOf = (value: string): ListingStatus | null => ((LISTING_STATUSES as readonly string[]).includes(value) ? (value as ListingStatus) : null);

export function ListingRow({ listing: initial, onChange }: { listing: MyListing; onChange?: (listing: MyListing) => void }) {
  const row = useListingLifecycle(initial);
  const { listing } = row;
  useEffect(() => {
    if (listing !== initial) onChange?.(listing);
  }, [listing, initial, onChange]);
  const shownStatus = statusOf(row.state) ?? listing.status;
  return (
    <div className="ts-listing" data-testid={`listing-${listing.id}`}>
      <article className="ts-listing__card" aria-label={listing.title || '未命名商品'} aria-busy={row.busy}>
        <div className="ts-listing__head">
          <h3 className="ts-listing__title">{listing.title || '（未填写标题）'}</h3>
          <span className={`ts-chip ts-chip--${shownStatus}`} data-testid="listing-status">
            {LISTING_STATUS_TEXT[shownStatus]}
          </span>
        </div>
        <p className="ts-listing__line">
          {listing.game_name} · {listing.sub_account.name}
          {listing.server_name ? ` · ${listing.server_name}` : ''}
        </p>
        <p className="ts-listing__line">
          {listing.price_cents > 0 ? `售价 ¥${formatYuan(listing.price_cents)}，到手 ¥${formatYuan(listing.net_cents)}` : '未定价'} · {formatShortTime(listing.submitted_at ?? listing.created_at)}
        </p>
        {listing.status === 'rejected' && listing.reject_reason ? (
          <p className="ts-listing__line ts-listing__reason">未通过原因：{listing.reject_reason}</p>
        ) : listing.status === 'on_sale' && listing.expires_at ? (
          <p className="ts-listing__line">{formatShortTime(listing.expires_at)} 到期下架</p>
        ) : null}
        {row.message && (
          <p className="ts-listing__line ts-listing__reason" role="alert">
            {row.message}
          </p>
        )}
        <div className="ts-listing__actions">
          {row.confirming ? (
            <>
              <span className="money-muted" style={{ marginRight: 'auto' }}>
                下架后小号解冻，确定吗？
              </span>
              <button type="button" className="money-button money-button--ghost" onClick={row.cancel}>
                取消
              </button>
              <button type="button" className="money-button" onClick={row.confirm}>
                确认下架
              </button>
            </>
          ) : (
            <>
              <button type="button" className="money-button money-button--ghost" disabled={row.busy} onClick={row.refresh} aria-label="刷新状态">
                刷新
              </button>
              {row.can.withdraw && (
                <button type="button" className="money-button money-button--ghost" disabled={row.busy} onClick={row.withdraw}>
                  下架
                </button>
              )}
              {row.can.edit && (
                <button type="button" className="money-button money-button--ghost" disabled={row.busy} onClick={row.edit}>
                  编辑
                </button>
              )}
              {row.can.resubmit && (
                <button type="button" className="money-button" disabled={row.busy} onClick={row.resubmit}>
                  重新提交
                </button>
              )}
              {row.can.viewTrade && (
                <button type="button" className="money-button" onClick={row.viewTrade}>
                  查看交易
                </button>
              )}
            </>
          )}
        </div>
      </article>
    </div>
  );
}
