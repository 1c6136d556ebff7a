import { lazy } from 'react';
import type { StaffModule } from '../../modules.ts';

/** 账号交易 (reviewers: 商品审核; finance: 交易纠纷; admins both): the trading queue and the buyers' disputes. */
export const tradingModule: StaffModule = {
  id: 'trading',
  title: '账号交易',
  roles: ['reviewer', 'finance'],
  Page: lazy(() => import('./TradingPage.tsx')),
};
