import * as v from 'valibot';
import { count, field, id, instant, optionalChoice, page, PAGE_FIELDS, positive, textOf } from '../call-spec.ts';
import { defineStaffCall, staffAnswer } from '../staff-call-spec.ts';
import { checkReason, LISTING_STATUSES, TRADE_MSG, TRADE_STATUSES } from '../trade-rules.ts';

/**
 * 账号交易 in the staff console: the listing review queue (reviewers: approve → on
 * sale, reject with a reason → the sub-account is released) and the buyers' disputes (finance:
 * refund → the buyer's money back to 余额 and the sub-account back to the seller; release → the
 * seller's proceeds to 余额 at once). Every decision messages both sides and is audited.
 */

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const person = v.object({ id: positive, nickname: text(64), phone: text(32) });
const nullableTime = v.nullable(instant);
const reason = v.nullable(text(400));

// Money the staff act on must add up (whole fen, fee + net = price), or the item is not shown:
// no decision is taken on figures the page cannot vouch for.
export const StaffListing = v.pipe(
  v.object({
    id: positive,
    status: v.picklist(LISTING_STATUSES),
    status_text: text(20),
    seller: person,
    game_name: text(100),
    platform_game_id: positive,
    sub_account: v.object({ id: positive, name: text(64), age_days: count, topup_cents: count, created_at: instant }),
    title: text(100),
    server_name: text(60),
    role_name: text(60),
    description: text(2_000),
    /** Screenshot URLs (/media/); the page leaves out one it may not load and says so. */
    images: v.pipe(v.array(v.string()), v.maxLength(20)),
    has_second_password: v.boolean(),
    price_cents: count,
    fee_cents: count,
    net_cents: count,
    reject_reason: reason,
    submitted_at: nullableTime,
    reviewed_at: nullableTime,
    on_sale_at: nullableTime,
  }),
  v.check((value) => value.fee_cents + value.net_cents === value.price_cents, 'fee + net must be the price'),
);
export type StaffListing = v.InferOutput<typeof StaffListing>;

export const StaffTrade = v.pipe(
  v.object({
    id: positive,
    listing_id: positive,
    status: v.picklist(TRADE_STATUSES),
    status_text: text(20),
    order_number: text(64),
    title: text(100),
    game_name: text(100),
    buyer: person,
    seller: person,
    price_cents: count,
    fee_cents: count,
    net_cents: count,
    paid_at: instant,
    release_at: instant,
    dispute: v.nullable(v.object({ reason: text(400), opened_at: instant, resolution: reason, resolved_at: nullableTime })),
  }),
  v.check((value) => value.fee_cents + value.net_cents === value.price_cents, 'fee + net must be the price'),
);
export type StaffTrade = v.InferOutput<typeof StaffTrade>;

const countsOf = <const T extends readonly string[]>(statuses: T) => v.object(Object.fromEntries(statuses.map((status) => [status, count])) as { [K in T[number]]: typeof count });

const LISTING_DOC =
  '{ id, status, status_text, seller: { id, nickname, phone }, game_name, platform_game_id, sub_account: { id, name, age_days, topup_cents, created_at }, title, server_name, role_name, description, images, has_second_password, price_cents, fee_cents, net_cents, reject_reason, submitted_at, reviewed_at, on_sale_at }';
const TRADE_DOC = '{ id, listing_id, status, status_text, order_number, title, game_name, buyer, seller, price_cents, fee_cents, net_cents, paid_at, release_at, dispute }';

const note = field<string, string>({ type: 'string', required: true, rule: '1–200 个字', message: [TRADE_MSG.reasonMissing, TRADE_MSG.reasonLong, TRADE_MSG.textChars] }, (value) => checkReason(typeof value === 'string' ? value : textOf(value)));

export const listings = defineStaffCall({
  path: '/staff/api/trading/listings',
  roles: ['reviewer'],
  summary: '待审核与其他状态的商品，按状态分页（默认审核中，最早提交在前；其余最新在前）；counts 为各状态总数',
  fields: { ...PAGE_FIELDS, status: optionalChoice(LISTING_STATUSES, TRADE_MSG.badFilter) },
  answer: staffAnswer(page(StaffListing, { counts: countsOf(LISTING_STATUSES) }), `{ list: [${LISTING_DOC}], total, page, limit, counts }`),
});

export const approve = defineStaffCall({
  path: '/staff/api/trading/approve',
  roles: ['reviewer'],
  summary: '审核通过（审核中 → 出售中，开始计算上架期限），卖家收到出售消息',
  fields: { id: id(TRADE_MSG.listingMissing) },
  answer: staffAnswer(v.object({ listing: StaffListing }), `{ listing }；msg ${TRADE_MSG.approved}；拒绝：${TRADE_MSG.listingMissing} / ${TRADE_MSG.wrongState}`),
});

export const reject = defineStaffCall({
  path: '/staff/api/trading/reject',
  roles: ['reviewer'],
  summary: '驳回（审核中 → 审核未通过），填写原因；小号解冻，卖家收到出售消息',
  fields: { id: id(TRADE_MSG.listingMissing), reason: note },
  answer: staffAnswer(v.object({ listing: StaffListing }), `{ listing }；msg ${TRADE_MSG.rejected}；拒绝：${TRADE_MSG.listingMissing} / ${TRADE_MSG.wrongState}`),
});

export const trades = defineStaffCall({
  path: '/staff/api/trading/trades',
  roles: ['finance'],
  summary: '交易，按状态分页（默认纠纷处理中，最早在前）；counts 为各状态总数',
  fields: { ...PAGE_FIELDS, status: optionalChoice(TRADE_STATUSES, TRADE_MSG.badFilter) },
  answer: staffAnswer(page(StaffTrade, { counts: countsOf(TRADE_STATUSES) }), `{ list: [${TRADE_DOC}], total, page, limit, counts }`),
});

export const refund = defineStaffCall({
  path: '/staff/api/trading/refund',
  roles: ['finance'],
  summary: '裁定退款（纠纷处理中 → 已退款）：托管款退回买家余额，小号退回卖家并结束买家在其上的登录；双方收到交易消息',
  fields: { id: id(TRADE_MSG.tradeMissing), note },
  answer: staffAnswer(v.object({ trade: StaffTrade }), `{ trade }；msg ${TRADE_MSG.refunded}；拒绝：${TRADE_MSG.tradeMissing} / ${TRADE_MSG.wrongState}`),
});

export const release = defineStaffCall({
  path: '/staff/api/trading/release',
  roles: ['finance'],
  summary: '裁定放款（纠纷处理中 → 交易完成）：卖家所得（价格减手续费）即时入余额，手续费入平台收入；双方收到交易消息',
  fields: { id: id(TRADE_MSG.tradeMissing), note },
  answer: staffAnswer(v.object({ trade: StaffTrade }), `{ trade }；msg ${TRADE_MSG.released}；拒绝：${TRADE_MSG.tradeMissing} / ${TRADE_MSG.wrongState}`),
});
