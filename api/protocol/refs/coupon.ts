import type { CallRef } from '../call-spec.ts';
import type * as declared from '../calls/coupon.ts';

// The client's references to the calls declared in calls/coupon.ts (see call-refs.ts).

export const getCouponList = '/api/coupon/getCouponList' as CallRef<typeof declared.getCouponList>;
export const getMyCouponNum = '/api/coupon/getMyCouponNum' as CallRef<typeof declared.getMyCouponNum>;
export const myCardCouponList = '/api/coupon/myCardCouponList' as CallRef<typeof declared.myCardCouponList>;
export const myCouponList = '/api/coupon/myCouponList' as CallRef<typeof declared.myCouponList>;
export const receiveBtCoupon = '/api/coupon/receiveBtCoupon' as CallRef<typeof declared.receiveBtCoupon>;
export const receiveCoupon = '/api/coupon/receiveCoupon' as CallRef<typeof declared.receiveCoupon>;
