import type { RedeemRecord } from '../../../api/protocol/calls/store.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import { copyWithToast } from '../../app/clipboard.ts';
import './coin-store.css';
import * as storeCalls from '../../../api/protocol/calls/store.ts';

/**
 * /sealrecord (兑换记录): the player's coin-store redemptions, newest first, paged with the
 * paged-list machine: what it was, the points paid, what arrived (the gift code with 复制, the
 * coupon, the 乐玩币), when. Not on SPEC's needs-login list: signed out, the login prompt.
 */
const RECORD_ROW_HEIGHT = 92;

export default function SealRecordPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page">
      <PageHeader title="兑换记录" onBack={() => navigate('back')} />
      {signedIn ? <Records /> : <MoneySignIn text="登录后查看兑换记录" />}
    </div>
  );
}

function Records() {
  const list = usePagedCall('redeemRecords', storeCalls.getRedeemRecords, {});
  return (
    <div style={{ background: '#fff', marginTop: 12 }}>
      <PagedListView
        list={list}
        rowHeight={RECORD_ROW_HEIGHT}
        label="兑换记录"
        emptyMessage="还没有兑换过商品"
        emptyAction={{ label: '去积分商城', to: '/coinstore' }}
        getKey={(record) => String(record.id)}
        renderRow={(record) => <RecordRow record={record} />}
      />
    </div>
  );
}

/** What the redemption delivered, in words. */
export function deliveredText(record: RedeemRecord): string {
  if (record.coins_cents !== null) return `${formatYuan(record.coins_cents)}乐玩币已到账`;
  if (record.coupon) return `${record.coupon.name}（有效期至 ${formatShortTime(record.coupon.expires_at).slice(0, 10)}）`;
  if (record.gift_code) return '礼包码';
  return '';
}

function RecordRow({ record }: { record: RedeemRecord }) {
  return (
    <div className="record-row" data-testid="redeem-record">
      <div className="record-row__main">
        <p className="record-row__title">{record.title}</p>
        <p className="record-row__meta">
          {deliveredText(record)}
          {record.gift_code && (
            <>
              {' '}
              <span className="store-record__code">{record.gift_code}</span>
            </>
          )}
        </p>
        <p className="record-row__meta">{formatShortTime(record.created_at)}</p>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 6 }}>
        <span className="record-row__unit">-{record.points_paid} 积分</span>
        {record.gift_code && (
          <button type="button" className="money-button money-button--ghost" onClick={() => void copyWithToast(record.gift_code!)}>
            复制
          </button>
        )}
        {record.coupon && (
          <Link className="money-button money-button--ghost" to="/mycoupon">
            查看
          </Link>
        )}
      </div>
    </div>
  );
}
