import { useState } from 'react';
import { formatYuan } from '../../../api/protocol/money.ts';
import { Link } from '../../app/Link.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime, signedYuan } from '../../features/money/money-data.ts';
import { MoneyChips, MoneyGrid, type MoneyEntry } from '../../features/money/money-parts.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import * as walletCalls from '../../../api/protocol/calls/wallet.ts';
import type { MoneyRecord } from '../../../api/protocol/calls/wallet.ts';

/**
 * /mywallet (SPEC §2 Account): 余额 and 乐玩币 from the ledger (getMoney), the money services, and
 * the ledger's records: 收入 (getInMoney) and 支出 (getOutMoney), filtered by account, paged.
 */

const ENTRIES: readonly MoneyEntry[] = [
  { to: '/mylewancoin', label: '乐玩币充值', icon: 'coin' },
  { to: '/rechargerecord', label: '充值记录', icon: 'record' },
  { to: '/mycoupon', label: '优惠券', icon: 'coupon' },
  { to: '/myprivilege', label: '我的特权', icon: 'crown' },
];

type Direction = 'in' | 'out';
type AccountFilter = 'all' | 'wallet' | 'coins';
const DIRECTIONS = [
  { key: 'in', label: '收入记录' },
  { key: 'out', label: '支出记录' },
] as const;
const ACCOUNTS = [
  { key: 'all', label: '全部' },
  { key: 'wallet', label: '余额' },
  { key: 'coins', label: '乐玩币' },
] as const;

export const ACCOUNT_LABEL = { wallet: '余额', coins: '乐玩币' } as const;
const RECORD_ROW_HEIGHT = 76;

export default function MyWalletPage() {
  const navigate = useNavigate();
  const [direction, setDirection] = useState<Direction>('in');
  const [account, setAccount] = useState<AccountFilter>('all');
  return (
    <div className="money-page">
      <PageHeader title="我的钱包" onBack={() => navigate('back')} />
      <Link className="money-header-link" to="/moneyinstruction">
        钱包说明
      </Link>
      <Balances />
      <MoneyGrid entries={ENTRIES} label="钱包服务" />
      <section className="money-records" aria-label="收支记录">
        <Tabs sticky tabs={DIRECTIONS} value={direction} onChange={setDirection} label="收支" />
        <MoneyChips options={ACCOUNTS} value={account} onChange={setAccount} label="账户" />
        <Records direction={direction} account={account} />
      </section>
    </div>
  );
}

function Balances() {
  const money = useRemoteData('money', walletCalls.getMoney);
  const balances = money.data;
  if (money.failed) return <LoadFailed message={money.error} onRetry={money.retry} />;
  return (
    <section className="wallet-card" aria-label="余额" aria-busy={money.loading}>
      <div className="wallet-card__cell">
        <span className="wallet-card__label">余额（元）</span>
        <strong className="wallet-card__value" data-testid="wallet-balance">
          {balances ? formatYuan(balances.wallet_cents) : '--'}
        </strong>
      </div>
      <div className="wallet-card__cell">
        <span className="wallet-card__label">乐玩币</span>
        <strong className="wallet-card__value" data-testid="coins-balance">
          {balances ? formatYuan(balances.coins_cents) : '--'}
        </strong>
      </div>
    </section>
  );
}

function Records({ direction, account }: { direction: Direction; account: AccountFilter }) {
  const list = usePagedCall(direction === 'in' ? 'inMoney' : 'outMoney', direction === 'in' ? walletCalls.getInMoney : walletCalls.getOutMoney, account === 'all' ? {} : { account });
  return (
    <PagedListView
      list={list}
      rowHeight={RECORD_ROW_HEIGHT}
      label={direction === 'in' ? '收入记录' : '支出记录'}
      emptyMessage={direction === 'in' ? '暂无收入记录' : '暂无支出记录'}
      getKey={(record) => String(record.id)}
      renderRow={(record) => <RecordRow record={record} />}
      pullToRefresh={false}
    />
  );
}

export function RecordRow({ record }: { record: MoneyRecord }) {
  return (
    <div className="record-row">
      <div className="record-row__main">
        <p className="record-row__title">{record.title || record.kind}</p>
        <p className="record-row__meta">{formatShortTime(record.created_at)}</p>
        {record.order_number && <p className="record-row__meta">订单号 {record.order_number}</p>}
      </div>
      <div className={`record-row__amount ${record.amount_cents > 0 ? 'money-plus' : 'money-minus'}`}>
        {signedYuan(record.amount_cents, formatYuan)}
        <span className="record-row__unit">{ACCOUNT_LABEL[record.account]}</span>
      </div>
    </div>
  );
}
