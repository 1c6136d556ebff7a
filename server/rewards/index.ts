/**
 * Points and 收益 accounts (accounts.ts) and the 积分商城's redemptions (store.ts): what tasks,
 * invitations and withdrawals credit and debit. The calls are the tasks domain's.
 */
export { creditPoints, debitPoints, INCOME, POINTS, pointsOf } from './accounts.ts';
export { redeem, redeemRecords, storeItem, storeItems } from './store.ts';
