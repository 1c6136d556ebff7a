import type { WithdrawalView } from '../../../api/protocol/calls/withdraw.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { WITHDRAW_SOURCE_TEXT } from '../../../api/protocol/withdraw-rules.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import { MoneySignIn } from '../../features/money/money-parts.tsx';
import './withdraw.css';
import * as withdrawCalls from '../../../api/protocol/calls/withdraw.ts';

/**
 * /incomewithdrawals (提现记录): the player's withdrawal requests (getWithdrawList), newest first,
 * paged, with their states 审核中 / 已通过 / 已到账 / 已驳回 and a rejection's reason.
 */

const ROW_HEIGHT = 124;

export default function IncomeWithdrawalsPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page withdraw-page">
      <PageHeader title="提现记录" onBack={() => navigate('back')} />
      <Link className="money-header-link" to="/incomewithdrawal">
        去提现
      </Link>
      {signedIn ? <Records /> : <MoneySignIn text="登录后查看提现记录" />}
    </div>
  );
}

function Records() {
  const list = usePagedCall('withdrawals', withdrawCalls.getWithdrawList, {});
  return (
    <PagedListView
      list={list}
      rowHeight={ROW_HEIGHT}
      label="提现记录"
      emptyMessage="暂无提现记录"
      getKey={(row) => String(row.id)}
      renderRow={(row) => <WithdrawalRow row={row} />}
    />
  );
}

export function WithdrawalRow({ row }: { row: WithdrawalView }) {
  return (
    <div className="withdraw-row" data-testid={`withdrawal-${row.id}`}>
      <article className="withdraw-row__card" aria-label={`提现 ¥${formatYuan(row.amount_cents)}`}>
        <div className="withdraw-row__head">
          <strong>
            {WITHDRAW_SOURCE_TEXT[row.source]}提现 ¥{formatYuan(row.amount_cents)}
          </strong>
          <span className={`withdraw-row__status withdraw-row__status--${row.status}`}>{row.status_text}</span>
        </div>
        <p className="withdraw-row__line">支付宝 {row.alipay_account}</p>
        <p className="withdraw-row__line">申请时间 {formatShortTime(row.created_at)}</p>
        <p className="withdraw-row__line">{row.status === 'rejected' && row.reject_reason ? `驳回原因：${row.reject_reason}` : `更新时间 ${formatShortTime(row.updated_at)}`}</p>
      </article>
    </div>
  );
}
