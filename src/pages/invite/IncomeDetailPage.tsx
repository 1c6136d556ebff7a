import { formatYuan } from '../../../api/protocol/money.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { percentOf } from '../../features/invite/invite-data.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import { InviteSignIn } from './InviteSignIn.tsx';
import '../../features/invite/invite.css';
import * as inviteCalls from '../../../api/protocol/calls/invite.ts';

/**
 * /incomedetail (收益明细): the income balance (with 提现 → /incomewithdrawal) and every income
 * record (downLineOrder), newest first, paged: the friend, the source order and its amount, the
 * share, and whether it was credited or clawed back after a refund.
 */
const ROW_HEIGHT = 84;

export default function IncomeDetailPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="invite-page">
      <PageHeader title="收益明细" onBack={() => navigate('back')} />
      {signedIn ? (
        <>
          <Balance />
          <Records />
        </>
      ) : (
        <InviteSignIn what="你的邀请收益" />
      )}
    </div>
  );
}

function Balance() {
  const info = useRemoteData('inviteInfo', inviteCalls.getInviteInfo);
  const data = info.data;
  return (
    <section className="invite-balance" aria-label="收益余额" aria-busy={info.loading}>
      <div>
        <span>收益余额（元）</span>
        <strong data-testid="income-balance">{data ? formatYuan(data.income_balance_cents) : '--'}</strong>
      </div>
      <Link to="/incomewithdrawal">提现</Link>
    </section>
  );
}

function Records() {
  const list = usePagedCall('incomeRecords', inviteCalls.downLineOrder, {});
  return (
    <PagedListView
      list={list}
      rowHeight={ROW_HEIGHT}
      label="收益记录"
      emptyMessage="暂无收益记录"
      getKey={(row) => String(row.id)}
      renderRow={(row) => (
        <div className="invite-row" data-testid={`income-${row.order_number}`}>
          <article className="invite-row__card" aria-label={`订单 ${row.order_number}`}>
            <div className="invite-row__head">
              <span>
                {row.invitee_nickname} 充值 ¥{formatYuan(row.order_cents)}
              </span>
              <strong className={row.status === 'clawed_back' ? 'invite-row__clawed' : ''}>+{formatYuan(row.amount_cents)}</strong>
            </div>
            <div className="invite-row__muted">
              <span>订单 {row.order_number}</span>
              <span>{row.status === 'clawed_back' ? '已退款，已扣回' : row.netted_cents > 0 ? `抵扣欠款 ${formatYuan(row.netted_cents)}` : `分成 ${percentOf(row.share_bp)}`}</span>
            </div>
            <div className="invite-row__muted">
              <span>{formatShortTime(row.created_at)}</span>
              <span>{row.status === 'clawed_back' ? '已扣回' : '已入账'}</span>
            </div>
          </article>
        </div>
      )}
    />
  );
}
