import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/wallet.ts';

// The client's references to the calls declared in calls/wallet.ts (see call-refs.ts).

export const changeLevelCoupon = '/api/user/changeLevelCoupon' as CallRef<typeof declared.changeLevelCoupon>;
export const claimCardBenefit = '/api/card/claimCardBenefit' as CallRef<typeof declared.claimCardBenefit>;
export const firstRechargeSeen = '/api/user/firstRechargeSeen' as CallRef<typeof declared.firstRechargeSeen>;
export const getAutoSendList = '/api/card/getAutoSendList' as CallRef<typeof declared.getAutoSendList>;
export const getCardDetail = '/api/card/getCardDetail' as CallRef<typeof declared.getCardDetail>;
export const getCouponActivity = '/api/user/getCouponActivity' as CallRef<typeof declared.getCouponActivity>;
export const getInMoney = '/api/user/getInMoney' as CallRef<typeof declared.getInMoney>;
export const getIsPromote = '/api/user/getIsPromote' as CallRef<typeof declared.getIsPromote>;
export const getMoney = '/api/user/getMoney' as CallRef<typeof declared.getMoney>;
export const getMoneyText = '/api/down/getMoneyText' as CallRef<typeof declared.getMoneyText>;
export const getMyCards = '/api/card/getMyCards' as CallRef<typeof declared.getMyCards>;
export const getOutMoney = '/api/user/getOutMoney' as CallRef<typeof declared.getOutMoney>;
export const isSubVip = '/api/user/isSubVip' as CallRef<typeof declared.isSubVip>;
