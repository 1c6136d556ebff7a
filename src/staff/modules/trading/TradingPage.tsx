import { useState } from 'react';
import type { StaffRole } from '../../../../api/protocol/staff-codes.ts';
import type { StaffPageProps } from '../../modules.ts';
import ListingsReview from './ListingsReview.tsx';
import TradeDisputes from './TradeDisputes.tsx';
import '../../content/content.css';
import './trading.css';

/**
 * 账号交易: two tabs, each shown only to the roles its calls allow (the server checks
 * again): 商品审核 (reviewer) over trading/listings|approve|reject and 交易纠纷 (finance) over
 * trading/trades|refund|release. An administrator sees both.
 */

export type TradingTab = 'listings' | 'trades';
const TAB_TEXT: Record<TradingTab, string> = { listings: '商品审核', trades: '交易纠纷' };
const TAB_ROLES: Record<TradingTab, readonly StaffRole[]> = { listings: ['reviewer'], trades: ['finance'] };

export function tabsFor(role: StaffRole): TradingTab[] {
  return (Object.keys(TAB_ROLES) as TradingTab[]).filter((tab) => role === 'admin' || TAB_ROLES[tab].includes(role));
}

export default function TradingPage({ staff }: StaffPageProps) {
  const tabs = tabsFor(staff.role);
  const [tab, setTab] = useState<TradingTab | undefined>(tabs[0]);
  if (!tab) return <div className="staff-empty">当前角色无权处理账号交易</div>;
  return (
    <div className="staff-page">
      {tabs.length > 1 ? (
        <div className="trading-tabs" role="tablist" aria-label="账号交易">
          {tabs.map((value) => (
            <button key={value} type="button" role="tab" id={`trading-tab-${value}`} aria-selected={value === tab} aria-controls="trading-panel" className={value === tab ? 'trading-tab active' : 'trading-tab'} onClick={() => setTab(value)}>
              {TAB_TEXT[value]}
            </button>
          ))}
        </div>
      ) : null}
      <div id="trading-panel" role={tabs.length > 1 ? 'tabpanel' : 'region'} aria-label={TAB_TEXT[tab]} className="trading-panel">
        {tab === 'listings' ? <ListingsReview /> : <TradeDisputes />}
      </div>
    </div>
  );
}
