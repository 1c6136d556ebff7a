import type { StaffRole } from './staff-codes.ts';

/**
 * 积分商城 items in the console (docs/staff-console.md): the rules of the items operators make,
 * shared by the server (the staff calls check them) and the console (it checks the form before
 * sending). No imports beyond types, so the console's bundle takes them.
 *
 * store_items.stock is what is left to redeem; operators think in 总库存 (everything the item
 * may ever hand out). The console sends the total, and the server sets stock = total − redeemed
 * under the item's row lock, so a redemption that commits meanwhile is never given back.
 */

/** Who runs the store besides admin (admin may do everything): the operations role (运营). */
export const STORE_ROLES: readonly StaffRole[] = ['operator'];

export const STORE_TITLE_MAX = 30;
export const STORE_DESCRIPTION_MAX = 200;
export const STORE_IMAGE_MAX = 500;
export const STORE_PRICE_MAX = 1_000_000;
export const STORE_TOTAL_MAX = 1_000_000;
export const STORE_LIMIT_MAX = 1000;
export const STORE_SORT_MAX = 9999;
/** 乐玩币 one redemption gives: 0.01–10,000. */
export const STORE_COINS_MAX_CENTS = 1_000_000;

/** The list's filter: on the shelf or off it. */
export const STORE_ADMIN_STATUSES = ['on', 'off'] as const;
export type StoreAdminStatus = (typeof STORE_ADMIN_STATUSES)[number];
export const STORE_ADMIN_STATUS_NAMES: Record<StoreAdminStatus, string> = { on: '已上架', off: '已下架' };

export const STORE_KIND_NAMES = { coupon: '代金券', coins: '乐玩币', gift_code: '礼包码' } as const;

export const STORE_ADMIN_MSG = {
  missingItem: '商品不存在',
  badStatus: '状态筛选条件错误',
  badKind: '请选择商品类型',
  titleRequired: '请填写商品名称',
  titleLong: `商品名称至多${STORE_TITLE_MAX}个字`,
  descriptionLong: `商品说明至多${STORE_DESCRIPTION_MAX}个字`,
  image: `图片须为 http(s) 地址或站内路径，至多${STORE_IMAGE_MAX}个字符`,
  price: `兑换积分须为1–${STORE_PRICE_MAX}`,
  total: `总库存须为0–${STORE_TOTAL_MAX}`,
  limit: `每人限兑须为0–${STORE_LIMIT_MAX}（0为不限）`,
  sort: `排序须为0–${STORE_SORT_MAX}`,
  time: '兑换时间格式错误',
  window: '兑换开始时间须早于结束时间',
  shelf: '请选择上架或下架',
  missingCoupon: '请选择存在的代金券',
  missingPack: '请选择存在的礼包',
  coins: `乐玩币须为0.01–${STORE_COINS_MAX_CENTS / 100}`,
  giftLimit: '礼包码商品每人限兑1个',
  totalBelowRedeemed: '总库存不能少于已兑换的数量',
  created: '商品已创建',
  saved: '商品已保存',
  shelvedOn: '商品已上架',
  shelvedOff: '商品已下架',
} as const;

/** An image: '' (the page draws the kind's glyph), an http(s) URL or a site path. */
export function isStoreImage(text: string): boolean {
  if (text === '') return true;
  if (text.length > STORE_IMAGE_MAX || /\s/.test(text)) return false;
  return /^https?:\/\/[^/]/i.test(text) || (text.startsWith('/') && !text.startsWith('//'));
}
