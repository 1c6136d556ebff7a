import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/order.ts';

// The client's references to the calls declared in calls/order.ts (see call-refs.ts).

export const addSubAccount = '/api/order/addSubAccount' as CallRef<typeof declared.addSubAccount>;
export const cancelOrder = '/api/order/cancelOrder' as CallRef<typeof declared.cancelOrder>;
export const createOrder = '/api/order/createOrder' as CallRef<typeof declared.createOrder>;
export const getCheckoutCoupons = '/api/order/getCheckoutCoupons' as CallRef<typeof declared.getCheckoutCoupons>;
export const getGameRoles = '/api/order/getGameRoles' as CallRef<typeof declared.getGameRoles>;
export const getMyOrders = '/api/order/getMyOrders' as CallRef<typeof declared.getMyOrders>;
export const getMyRechargeGames = '/api/order/getMyRechargeGames' as CallRef<typeof declared.getMyRechargeGames>;
export const getOneOrder = '/api/order/getOneOrder' as CallRef<typeof declared.getOneOrder>;
export const getUserOrders = '/api/order/getUserOrders' as CallRef<typeof declared.getUserOrders>;
