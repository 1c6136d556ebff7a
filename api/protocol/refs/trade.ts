import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/trade.ts';

// The client's references to the calls declared in calls/trade.ts (see call-refs.ts).

export const businessRule = '/api/down/businessRule' as CallRef<typeof declared.businessRule>;
export const buyListing = '/api/trade/buyListing' as CallRef<typeof declared.buyListing>;
export const enterSubAccount = '/api/trade/enterSubAccount' as CallRef<typeof declared.enterSubAccount>;
export const fastForwardTrade = '/api/trade/fastForwardTrade' as CallRef<typeof declared.fastForwardTrade>;
export const getListing = '/api/trade/getListing' as CallRef<typeof declared.getListing>;
export const getListingGames = '/api/trade/getListingGames' as CallRef<typeof declared.getListingGames>;
export const getListings = '/api/trade/getListings' as CallRef<typeof declared.getListings>;
export const getMyListing = '/api/trade/getMyListing' as CallRef<typeof declared.getMyListing>;
export const getMyListings = '/api/trade/getMyListings' as CallRef<typeof declared.getMyListings>;
export const getSellGames = '/api/trade/getSellGames' as CallRef<typeof declared.getSellGames>;
export const getTrade = '/api/trade/getTrade' as CallRef<typeof declared.getTrade>;
export const getTradeRecords = '/api/trade/getTradeRecords' as CallRef<typeof declared.getTradeRecords>;
export const getTradeTestStatus = '/api/trade/getTradeTestStatus' as CallRef<typeof declared.getTradeTestStatus>;
export const makeTestSubAccount = '/api/trade/makeTestSubAccount' as CallRef<typeof declared.makeTestSubAccount>;
export const openDispute = '/api/trade/openDispute' as CallRef<typeof declared.openDispute>;
export const saveListingDraft = '/api/trade/saveListingDraft' as CallRef<typeof declared.saveListingDraft>;
export const submitListing = '/api/trade/submitListing' as CallRef<typeof declared.submitListing>;
export const trunkNeedKnow = '/api/down/trunkNeedKnow' as CallRef<typeof declared.trunkNeedKnow>;
export const withdrawListing = '/api/trade/withdrawListing' as CallRef<typeof declared.withdrawListing>;
