import { useState } from 'react';
import type { TradeRecordItem } from '../../../api/protocol/calls/trade.ts';
import { formatYuan } from '../../../api/protocol/money.ts';
import { TRADE_RECORD_TAB_TEXT, TRADE_RECORD_TABS, type TradeRecordTab } from '../../../api/protocol/trade-rules.ts';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import '../../features/trade-buy/trade-buy.css';
import * as tradeCalls from '../../../api/protocol/calls/trade.ts';

/**
 * /traderecord: 已购买 / 已出售 / 出售中 / 审核中 (getTradeRecords), paged. A bought or sold row opens
 * its trade (/tradingsuccess); an on-sale row its listing (/wantpay); a row in review the seller's
 * listings (/sellaccount), where it can be edited or withdrawn.
 */
const ROW_HEIGHT = 72;

export default function TradeRecordPage({ data }: PageProps) {
  const navigate = useNavigate();
  const initial = TRADE_RECORD_TABS.find((tab) => tab === data?.tab) ?? 'bought';
  const [tab, setTab] = useState<TradeRecordTab>(initial);
  return (
    <div className="page trade-page">
      <PageHeader title="交易记录" onBack={() => navigate('back')} />
      <Tabs tabs={TRADE_RECORD_TABS.map((key) => ({ key, label: TRADE_RECORD_TAB_TEXT[key] }))} value={tab} onChange={setTab} label="交易记录" />
      <RecordList tab={tab} />
    </div>
  );
}

function RecordList({ tab }: { tab: TradeRecordTab }) {
  const list = usePagedCall(`tradeRecords.${tab}`, tradeCalls.getTradeRecords, { tab }, 20);
  return (
    <div role="tabpanel" aria-label={TRADE_RECORD_TAB_TEXT[tab]}>
      <PagedListView list={list} rowHeight={ROW_HEIGHT} getKey={(row) => `${row.tab}-${row.id}`} renderRow={(row) => <RecordRow row={row} />} emptyMessage={`暂无${TRADE_RECORD_TAB_TEXT[tab]}的记录`} label={TRADE_RECORD_TAB_TEXT[tab]} />
    </div>
  );
}

function RecordRow({ row }: { row: TradeRecordItem }) {
  const navigate = useNavigate();
  const open = () => {
    if ((row.tab === 'bought' || row.tab === 'sold') && row.trade_id) navigate('/tradingsuccess', { trade_id: row.trade_id });
    else if (row.tab === 'on_sale') navigate('/wantpay', { listing_id: row.listing_id || row.id });
    else navigate('/sellaccount');
  };
  return (
    <button type="button" className="record-row" aria-label={row.title} onClick={open}>
      <LazyImage className="record-row__icon" src={row.game_icon} alt="" width={48} height={48} />
      <span className="record-row__body">
        <span className="record-row__title">{row.title}</span>
        <span className="record-row__meta">{[row.game_name, row.server_name].filter(Boolean).join(' · ')}</span>
        <time className="record-row__meta" dateTime={row.at || undefined}>
          {row.at ? formatShortTime(row.at) : ''}
        </time>
      </span>
      <span className="record-row__side">
        <strong>¥{formatYuan(row.tab === 'sold' ? row.net_cents : row.price_cents)}</strong>
        {row.status_text}
      </span>
    </button>
  );
}
