import type { StaffCallDefinition } from '../staff/index.ts';
import { staffCouponCalls } from './staff-coupons.ts';
import { staffGiftCalls } from './staff-gifts.ts';
import { staffHomeContentCalls } from './staff-home-content.ts';
import { staffOpenServerCalls } from './staff-open-servers.ts';

/** The catalogue's staff calls (operators): 开服表, 首页内容, 礼包管理 and 代金券管理, each in its own file. */
export const staffCatalogCalls: StaffCallDefinition[] = [...staffOpenServerCalls, ...staffHomeContentCalls, ...staffGiftCalls, ...staffCouponCalls];
