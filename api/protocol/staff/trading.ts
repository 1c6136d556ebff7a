import { field, id, optionalChoice, PAGE_FIELDS, textOf } from '../call-spec.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';
import { checkReason, LISTING_STATUSES, TRADE_MSG, TRADE_STATUSES, type ListingStatus, type TradeStatus } from '../trade-rules.ts';

/**
 * 账号交易 in the staff console: the listing review queue (reviewers: approve → on
 * sale, reject with a reason → the sub-account is released) and the buyers' disputes (finance:
 * refund → the buyer's money back to 余额 and the sub-account back to the seller; release → the
 * seller's proceeds to 余额 at once). Every decision messages both sides and is audited.
 */

export interface StaffListing {
  id: number;
  status: ListingStatus;
  status_text: string;
  seller: { id: number; nickname: string; phone: string };
  game_name: string;
  platform_game_id: number;
  sub_account: { id: number; name: string; age_days: number; topup_cents: number; created_at: string };
  title: string;
  server_name: string;
  role_name: string;
  description: string;
  /** /media/ URLs. */
  images: string[];
  has_second_password: boolean;
  price_cents: number;
  fee_cents: number;
  net_cents: number;
  reject_reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  on_sale_at: string | null;
}

export interface StaffTrade {
  id: number;
  listing_id: number;
  status: TradeStatus;
  status_text: string;
  order_number: string;
  title: string;
  game_name: string;
  buyer: { id: number; nickname: string; phone: string };
  seller: { id: number; nickname: string; phone: string };
  price_cents: number;
  fee_cents: number;
  net_cents: number;
  paid_at: string;
  release_at: string;
  dispute: { reason: string; opened_at: string; resolution: string | null; resolved_at: string | null } | null;
}


const LISTING_DOC =
  '{ id, status, status_text, seller: { id, nickname, phone }, game_name, platform_game_id, sub_account: { id, name, age_days, topup_cents, created_at }, title, server_name, role_name, description, images, has_second_password, price_cents, fee_cents, net_cents, reject_reason, submitted_at, reviewed_at, on_sale_at }';
const TRADE_DOC = '{ id, listing_id, status, status_text, order_number, title, game_name, buyer, seller, price_cents, fee_cents, net_cents, paid_at, release_at, dispute }';

const note = field<string, string>({ type: 'string', required: true, rule: '1–200 个字', message: [TRADE_MSG.reasonMissing, TRADE_MSG.reasonLong, TRADE_MSG.textChars] }, (value) => checkReason(typeof value === 'string' ? value : textOf(value)));

export const listings = defineStaffCall({
  path: '/staff/api/trading/listings',
  roles: ['reviewer'],
  summary: '待审核与其他状态的商品，按状态分页（默认审核中，最早提交在前；其余最新在前）；counts 为各状态总数',
  fields: { ...PAGE_FIELDS, status: optionalChoice(LISTING_STATUSES, TRADE_MSG.badFilter) },
  answer: staffAnswer<{ list: StaffListing[]; total: number; page: number; limit: number; counts: Record<ListingStatus, number> }>(`{ list: [${LISTING_DOC}], total, page, limit, counts }`),
});

export const approve = defineStaffCall({
  path: '/staff/api/trading/approve',
  roles: ['reviewer'],
  summary: '审核通过（审核中 → 出售中，开始计算上架期限），卖家收到出售消息',
  fields: { id: id(TRADE_MSG.listingMissing) },
  answer: staffAnswer<{ listing: StaffListing }>(`{ listing }；msg ${TRADE_MSG.approved}；拒绝：${TRADE_MSG.listingMissing} / ${TRADE_MSG.wrongState}`),
});

export const reject = defineStaffCall({
  path: '/staff/api/trading/reject',
  roles: ['reviewer'],
  summary: '驳回（审核中 → 审核未通过），填写原因；小号解冻，卖家收到出售消息',
  fields: { id: id(TRADE_MSG.listingMissing), reason: note },
  answer: staffAnswer<{ listing: StaffListing }>(`{ listing }；msg ${TRADE_MSG.rejected}；拒绝：${TRADE_MSG.listingMissing} / ${TRADE_MSG.wrongState}`),
});

export const trades = defineStaffCall({
  path: '/staff/api/trading/trades',
  roles: ['finance'],
  summary: '交易，按状态分页（默认纠纷处理中，最早在前）；counts 为各状态总数',
  fields: { ...PAGE_FIELDS, status: optionalChoice(TRADE_STATUSES, TRADE_MSG.badFilter) },
  answer: staffAnswer<{ list: StaffTrade[]; total: number; page: number; limit: number; counts: Record<TradeStatus, number> }>(`{ list: [${TRADE_DOC}], total, page, limit, counts }`),
});

export const refund = defineStaffCall({
  path: '/staff/api/trading/refund',
  roles: ['finance'],
  summary: '裁定退款（纠纷处理中 → 已退款）：托管款退回买家余额，小号退回卖家并结束买家在其上的登录；双方收到交易消息',
  fields: { id: id(TRADE_MSG.tradeMissing), note },
  answer: staffAnswer<{ trade: StaffTrade }>(`{ trade }；msg ${TRADE_MSG.refunded}；拒绝：${TRADE_MSG.tradeMissing} / ${TRADE_MSG.wrongState}`),
});

export const release = defineStaffCall({
  path: '/staff/api/trading/release',
  roles: ['finance'],
  summary: '裁定放款（纠纷处理中 → 交易完成）：卖家所得（价格减手续费）即时入余额，手续费入平台收入；双方收到交易消息',
  fields: { id: id(TRADE_MSG.tradeMissing), note },
  answer: staffAnswer<{ trade: StaffTrade }>(`{ trade }；msg ${TRADE_MSG.released}；拒绝：${TRADE_MSG.tradeMissing} / ${TRADE_MSG.wrongState}`),
});
