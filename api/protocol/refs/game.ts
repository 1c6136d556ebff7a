import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/game.ts';

// The client's references to the calls declared in calls/game.ts (see call-refs.ts).

export const cancelReserveGame = '/api/game/cancelReserveGame' as CallRef<typeof declared.cancelReserveGame>;
export const getCategories = '/api/game/getCategories' as CallRef<typeof declared.getCategories>;
export const getDownUrl = '/api/game/getDownUrl' as CallRef<typeof declared.getDownUrl>;
export const getGameDetail = '/api/game/getGameDetail' as CallRef<typeof declared.getGameDetail>;
export const getGameList = '/api/game/getGameList' as CallRef<typeof declared.getGameList>;
export const getGiftList = '/api/game/getGiftList' as CallRef<typeof declared.getGiftList>;
export const getHotSearch = '/api/game/getHotSearch' as CallRef<typeof declared.getHotSearch>;
export const getLowestDiscountGame = '/api/game/getLowestDiscountGame' as CallRef<typeof declared.getLowestDiscountGame>;
export const getNewGames = '/api/game/getNewGames' as CallRef<typeof declared.getNewGames>;
export const getNewGoodStartGames = '/api/game/getNewGoodStartGames' as CallRef<typeof declared.getNewGoodStartGames>;
export const getOpenServers = '/api/game/getOpenServers' as CallRef<typeof declared.getOpenServers>;
export const getPlatformGame = '/api/PlatformGame/getPlatformGame' as CallRef<typeof declared.getPlatformGame>;
export const getQualityGame = '/api/game/getQualityGame' as CallRef<typeof declared.getQualityGame>;
export const getSearchGames = '/api/game/getSearchGames' as CallRef<typeof declared.getSearchGames>;
export const getShowGames = '/api/game/getShowGames' as CallRef<typeof declared.getShowGames>;
export const getTodayRecommend = '/api/game/getTodayRecommend' as CallRef<typeof declared.getTodayRecommend>;
export const getWeekBtGames = '/api/game/getWeekBtGames' as CallRef<typeof declared.getWeekBtGames>;
export const getWeekNumGames = '/api/game/getWeekNumGames' as CallRef<typeof declared.getWeekNumGames>;
export const getWeekOrderGames = '/api/game/getWeekOrderGames' as CallRef<typeof declared.getWeekOrderGames>;
export const myGiftList = '/api/game/myGiftList' as CallRef<typeof declared.myGiftList>;
export const myReservations = '/api/game/myReservations' as CallRef<typeof declared.myReservations>;
export const receiveGift = '/api/game/receiveGift' as CallRef<typeof declared.receiveGift>;
export const recordDown = '/api/game/recordDown' as CallRef<typeof declared.recordDown>;
export const recordGameSize = '/api/game/recordGameSize' as CallRef<typeof declared.recordGameSize>;
export const reportAddress = '/api/game/reportAddress' as CallRef<typeof declared.reportAddress>;
export const reserveGame = '/api/game/reserveGame' as CallRef<typeof declared.reserveGame>;
