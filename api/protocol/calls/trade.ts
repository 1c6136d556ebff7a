import * as v from 'valibot';
import { answer, choice, count, defineCall, field, id, instant, lenientList, optionalChoice, optionalId, PAGE_FIELDS, positive, SiteText, textOf, type Field, int, page, url } from '../call-spec.ts';
import { OrderView } from './order.ts';
import { exactCents, IDEMPOTENCY_KEY_PATTERN, MONEY_MSG } from '../money.ts';
import { checkDescription, checkPriceCents, checkReason, checkRoleName, checkSecondPassword, checkServerName, checkTitle, LISTING_SORTS, TRADE_IMAGES_MAX, TRADE_IMAGES_MIN, TRADE_KEYWORD_MAX, TRADE_MAX_PRICE_CENTS, TRADE_MSG, TRADE_PAY_METHODS, TRADE_RECORD_TABS, LISTING_STATUSES, ListingStatus, TradeRecordTab, TradeStatus } from '../trade-rules.ts';

/**
 * 小号交易 (SPEC §1 "game-account trading", §2 "Trading", §7 trunkNeedKnow and
 * businessRule). A seller lists one of their game sub-accounts (小号); staff review it
 * (api/protocol/staff/trading.ts); a buyer pays for it through an order of kind 'trade'
 * (the same order and payment path as a top-up); the sub-account moves to the buyer at once and the
 * seller's proceeds (price − fee) reach 余额 after the cooling-off period, unless the buyer opens
 * a dispute, which holds them for staff. Rules and numbers: api/protocol/trade-rules.ts.
 */

// ---- Shapes ----

/** A listing as the /circle feed and search results show it (on sale or reserved only). */
export const ListingCard = v.object({
  id: positive,
  title: v.string(),
  game_id: count,
  game_name: v.string(),
  game_icon: url,
  server_name: v.string(),
  price_cents: positive,
  /** The first screenshot (a /media/ URL). */
  cover: url,
  image_count: count,
  /** Top-ups the platform recorded on the sub-account (fen). */
  topup_cents: count,
  /** Days since the sub-account was created. */
  age_days: count,
  status: ListingStatus,
  status_text: v.string(),
  on_sale_at: instant,
});
export type ListingCard = v.InferOutput<typeof ListingCard>;

/** /wantpay: one listing in full (never the second-level password). */
export const ListingDetail = v.object({
  ...ListingCard.entries,
  role_name: v.string(),
  description: v.string(),
  /** /media/ URLs, in order (at most a listing's pictures). */
  images: v.pipe(v.array(v.pipe(url, v.minLength(1))), v.maxLength(TRADE_IMAGES_MAX)),
  has_second_password: v.boolean(),
  seller: v.object({
    nickname: v.string(),
    sold_count: count,
  }),
  /** The viewer is the seller. */
  is_own: v.boolean(),
  /** Reserved by an open order until then (null when not reserved). */
  reserved_until: v.nullable(instant),
});
export type ListingDetail = v.InferOutput<typeof ListingDetail>;

/** A listing as its seller sees it (/sellaccount, /sellaccountedit). */
export const MyListing = v.object({
  id: positive,
  status: ListingStatus,
  status_text: v.string(),
  sub_account: v.object({
    id: positive,
    name: v.string(),
    age_days: count,
    topup_cents: count,
  }),
  game_id: positive,
  platform_game_id: positive,
  game_name: v.string(),
  game_icon: v.string(),
  title: v.string(),
  server_name: v.string(),
  role_name: v.string(),
  description: v.string(),
  /** Upload keys and their URLs, in order (a malformed one left out). */
  images: lenientList(v.object({
    key: v.string(),
    url: v.string(),
  })),
  has_second_password: v.boolean(),
  price_cents: count,
  fee_cents: count,
  net_cents: count,
  reject_reason: v.nullable(v.string()),
  created_at: v.string(),
  submitted_at: v.nullable(v.string()),
  on_sale_at: v.nullable(v.string()),
  /** When an on-sale listing expires. */
  expires_at: v.nullable(v.string()),
  sold_at: v.nullable(v.string()),
  /** The trade once sold. */
  trade_id: v.nullable(positive),
  can_edit: v.boolean(),
  can_withdraw: v.boolean(),
});
export type MyListing = v.InferOutput<typeof MyListing>;

export const SellableSubAccount = v.object({
  id: positive,
  name: v.string(),
  age_days: count,
  topup_cents: count,
  eligible: v.boolean(),
  /** Why not ('' when eligible): TRADE_MSG.tooYoung / tooLittleTopup / alreadyListed. */
  reason: v.string(),
  /** The listing holding it (reviewing, on sale, reserved), or null. */
  listing_id: v.nullable(positive),
  /** Its roles (server and role name) to prefill the form. */
  roles: lenientList(v.object({
    server_name: v.string(),
    role_name: v.string(),
  })),
});
export type SellableSubAccount = v.InferOutput<typeof SellableSubAccount>;

export const SellableGame = v.object({
  game_id: positive,
  platform_game_id: positive,
  game_name: v.string(),
  game_icon: v.string(),
  sub_accounts: lenientList(SellableSubAccount),
});
export type SellableGame = v.InferOutput<typeof SellableGame>;

export const SellPlatform = v.object({
  id: positive,
  name: v.string(),
  games: lenientList(SellableGame),
});
export type SellPlatform = v.InferOutput<typeof SellPlatform>;

/** The numbers the seller's pages show (getSellGames().rules). */
export const SellRules = v.pipe(
  v.object({
    min_age_days: count,
    min_topup_cents: count,
    fee_rate_bp: count,
    fee_min_cents: count,
    min_price_cents: count,
    max_price_cents: count,
  }),
  // A rate above 100 % or an empty price range is not a rule the pages can show.
  v.check((rules) => rules.fee_rate_bp <= 10_000 && rules.min_price_cents <= rules.max_price_cents, 'Rules the pages cannot show'),
);
export type SellRules = v.InferOutput<typeof SellRules>;

/** A paid trade, as its buyer or seller sees it (/tradingsuccess). */
export const TradeView = v.pipe(
  v.object({
    id: positive,
    listing_id: count,
    /** Whose view this is. */
    side: v.picklist(['buyer', 'seller']),
    status: TradeStatus,
    status_text: v.string(),
    order_number: v.string(),
    title: v.string(),
    game_id: count,
    game_name: v.string(),
    game_icon: url,
    server_name: v.string(),
    role_name: v.string(),
    /** The sub-account's name (the buyer's now, unless refunded). */
    sub_account_name: v.string(),
    price_cents: count,
    fee_cents: count,
    net_cents: count,
    paid_at: instant,
    /** When the proceeds are released if no dispute is open. */
    release_at: instant,
    released_at: v.nullable(instant),
    refunded_at: v.nullable(instant),
    /** The buyer only, once paid (null when the listing had none, or for the seller). */
    second_password: v.nullable(v.pipe(v.string(), v.minLength(1))),
    dispute: v.nullable(v.object({
      reason: v.string(),
      opened_at: instant,
      resolution: v.nullable(v.string()),
      resolved_at: v.nullable(instant),
    })),
    /** The buyer, in the cooling-off period, without an open dispute. */
    can_dispute: v.boolean(),
  }),
  // The second-level password reaches only the buyer, and only the buyer in the cooling-off period may open a dispute.
  v.check((trade) => (trade.side === 'buyer' || trade.second_password === null) && (!trade.can_dispute || (trade.side === 'buyer' && trade.status === 'cooling')), 'A buyer\'s field in another view'),
);
export type TradeView = v.InferOutput<typeof TradeView>;

/** /traderecord: one row of a tab. Bought and sold rows are trades; on-sale and reviewing rows are listings. */
export const TradeRecordItem = v.pipe(
  v.object({
    tab: TradeRecordTab,
    /** trade id for bought/sold, listing id otherwise. */
    id: positive,
    listing_id: count,
    trade_id: v.nullable(positive),
    title: v.string(),
    game_name: v.string(),
    game_icon: url,
    server_name: v.string(),
    price_cents: count,
    /** Sold rows: what the seller receives. */
    net_cents: count,
    status_text: v.string(),
    /** The row's time: paid_at for trades, submitted_at / on_sale_at for listings. */
    at: instant,
  }),
  // Bought and sold rows are trades: the row opens /tradingsuccess by its trade id.
  v.check((row) => (row.tab !== 'bought' && row.tab !== 'sold') || row.trade_id !== null, 'A trade row without its trade'),
);
export type TradeRecordItem = v.InferOutput<typeof TradeRecordItem>;

// ---- Fields ----

const checked =
  <T>(check: (s: string) => { ok: true; value: T } | { ok: false; message: string }) =>
  (value: unknown) =>
    check(typeof value === 'string' ? value : textOf(value));

const title: Field<string, string> = field({ type: 'string', required: true, rule: '5–30 个字', message: [TRADE_MSG.titleMissing, TRADE_MSG.titleLength, TRADE_MSG.textChars] }, checked(checkTitle));
const serverName: Field<string, string> = field({ type: 'string', required: true, rule: '1–20 个字', message: [TRADE_MSG.serverMissing, TRADE_MSG.serverLong] }, checked(checkServerName));
const roleName: Field<string, string> = field({ type: 'string', required: true, rule: '1–20 个字', message: [TRADE_MSG.roleMissing, TRADE_MSG.roleLong] }, checked(checkRoleName));
const description: Field<string | undefined, string> = field(
  { type: 'string', required: false, rule: '0–500 个字，可换行', message: [TRADE_MSG.descriptionLong, TRADE_MSG.textChars] },
  (value) => checkDescription(typeof value === 'string' ? value : ''),
);

/** Upload keys as the upload route answers them for purpose 'trade'. */
export const TRADE_IMAGE_KEY_PATTERN = /^trade\/[0-9a-f]{32}\.webp$/;

export function checkTradeImageKeys(value: unknown): { ok: true; value: string[] } | { ok: false; message: string } {
  if (!Array.isArray(value) || value.length < TRADE_IMAGES_MIN) return { ok: false, message: TRADE_MSG.imagesMissing };
  if (value.length > TRADE_IMAGES_MAX) return { ok: false, message: TRADE_MSG.imagesTooMany };
  const keys: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string' || !TRADE_IMAGE_KEY_PATTERN.test(item) || keys.includes(item)) return { ok: false, message: TRADE_MSG.imageBad };
    keys.push(item);
  }
  return { ok: true, value: keys };
}

const images: Field<string[], string[]> = field(
  { type: 'string[]', required: true, rule: `${TRADE_IMAGES_MIN}–${TRADE_IMAGES_MAX} 个上传答复的 key（purpose trade，本人上传），按显示顺序`, message: [TRADE_MSG.imagesMissing, TRADE_MSG.imagesTooMany, TRADE_MSG.imageBad] },
  checkTradeImageKeys,
);

const priceCents: Field<number | string, number> = field(
  { type: 'int', required: true, rule: `分；600–${TRADE_MAX_PRICE_CENTS}`, message: [TRADE_MSG.priceMissing, TRADE_MSG.priceFormat, TRADE_MSG.priceMin, TRADE_MSG.priceMax] },
  (value) => {
    const n = exactCents(value);
    if (n === undefined) return { ok: false, message: TRADE_MSG.priceMissing };
    if (n === null) return { ok: false, message: TRADE_MSG.priceFormat };
    return checkPriceCents(n);
  },
);

/** keep: leave the stored one (new listings: none); set: store second_password; none: remove it. */
const SECOND_PASSWORD_MODES = ['keep', 'set', 'none'] as const;
const secondPassword: Field<string | undefined, string> = field(
  { type: 'string', required: false, rule: '二级密码，mode set 时 4–20 位可见 ASCII 字符', message: TRADE_MSG.passwordLength },
  (value) => checkSecondPassword(typeof value === 'string' ? value : ''),
);

const requestId: Field<string, string> = field({ type: 'string', required: true, rule: '16–64 个字母、数字、_ 或 -；同一次提交的重试用同一个', message: TRADE_MSG.badRequestId }, (value) => {
  const key = textOf(value);
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? { ok: true, value: key } : { ok: false, message: TRADE_MSG.badRequestId };
});

const idempotencyKey: Field<string, string> = field({ type: 'string', required: true, rule: '16–64 个字母、数字、_ 或 -；同一次下单的重试用同一个', message: MONEY_MSG.keyInvalid }, (value) => {
  const t = textOf(value);
  return IDEMPOTENCY_KEY_PATTERN.test(t) ? { ok: true, value: t } : { ok: false, message: MONEY_MSG.keyInvalid };
});

const keyword: Field<string | undefined, string> = field({ type: 'string', required: false, rule: `搜索标题与游戏名，至多 ${TRADE_KEYWORD_MAX} 个字`, message: TRADE_MSG.keywordLong }, (value) => {
  const t = textOf(value).replace(/[\p{Cc}\p{Cf}]/gu, '');
  return [...t].length > TRADE_KEYWORD_MAX ? { ok: false, message: TRADE_MSG.keywordLong } : { ok: true, value: t };
});

/** Optional fen bound of the price range (0 or absent: no bound). */
const priceBound: Field<number | string | undefined, number | undefined> = field({ type: 'int', required: false, rule: '分；不填为不限', message: TRADE_MSG.priceRangeBad }, (value) => {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return { ok: true, value: undefined };
  const n = exactCents(value);
  return n === null || n === undefined || n > TRADE_MAX_PRICE_CENTS ? { ok: false, message: TRADE_MSG.priceRangeBad } : { ok: true, value: n };
});

const reason: Field<string, string> = field({ type: 'string', required: true, rule: '1–200 个字', message: [TRADE_MSG.reasonMissing, TRADE_MSG.reasonLong, TRADE_MSG.textChars] }, checked(checkReason));

const LISTING_DOC = '{ id, status, status_text, sub_account: { id, name, age_days, topup_cents }, game_id, platform_game_id, game_name, game_icon, title, server_name, role_name, description, images: [{ key, url }], has_second_password, price_cents, fee_cents, net_cents, reject_reason, created_at, submitted_at, on_sale_at, expires_at, sold_at, trade_id, can_edit, can_withdraw }';
const CARD_DOC = '{ id, title, game_id, game_name, game_icon, server_name, price_cents, cover, image_count, topup_cents, age_days, status, status_text, on_sale_at }';
const TRADE_DOC =
  '{ id, listing_id, side（buyer|seller）, status, status_text, order_number, title, game_id, game_name, game_icon, server_name, role_name, sub_account_name, price_cents, fee_cents, net_cents, paid_at, release_at, released_at, refunded_at, second_password（仅买家）, dispute: { reason, opened_at, resolution, resolved_at } | null, can_dispute }';

// ---- Texts (SPEC §7 /api/down/) ----

export const trunkNeedKnow = defineCall({
  path: '/api/down/trunkNeedKnow',
  auth: 'none',
  summary: '《出售须知》（/sellinstruct）：出售条件、手续费、审核、冻结与冷静期；其中的数字取自当前交易设置',
  fields: {},
  answer: answer(SiteText, '{ title, content（HTML）, updated_at }'),
});

export const businessRule = defineCall({
  path: '/api/down/businessRule',
  auth: 'none',
  summary: '《交易须知》（/tradeinstruction）：购买条件、锁定时间、到账、冷静期与售后；其中的数字取自当前交易设置',
  fields: {},
  answer: answer(SiteText, '{ title, content（HTML）, updated_at }'),
});

// ---- Seller ----

export const getSellGames = defineCall({
  path: '/api/trade/getSellGames',
  auth: 'required',
  summary: '我可出售的小号，按游戏平台与游戏分组（/selectgameplotform、/selectplotformgame）：每个小号的天数、累计充值、能否出售及原因',
  fields: {},
  answer: answer(v.object({
    platforms: lenientList(SellPlatform),
    rules: SellRules,
  }),
    '{ platforms: [{ id, name, games: [{ game_id, platform_game_id, game_name, game_icon, sub_accounts: [{ id, name, age_days, topup_cents, eligible, reason, listing_id, roles: [{ server_name, role_name }] }] }] }], rules: { min_age_days, min_topup_cents, fee_rate_bp, fee_min_cents, min_price_cents, max_price_cents } }',
  ),
});

export const submitListing = defineCall({
  path: '/api/trade/submitListing',
  auth: 'required',
  summary:
    '提交出售（新建，或修改自己的草稿、未通过、已下架、已过期、出售中的商品）→ 审核中；小号随即冻结（不能充值、登录或再次出售）。须实名且成年；小号须满足天数与累计充值；同一 request_id 重试只提交一次',
  fields: {
    request_id: requestId,
    listing_id: optionalId(TRADE_MSG.listingMissing),
    sub_account_id: id(TRADE_MSG.subAccountMissing),
    title,
    server_name: serverName,
    role_name: roleName,
    description,
    images,
    second_password_mode: choice(SECOND_PASSWORD_MODES),
    second_password: secondPassword,
    price_cents: priceCents,
  },
  answer: answer(v.object({
    listing: MyListing,
    created: v.boolean(),
  }),
    `{ listing: ${LISTING_DOC}, created }；msg ${TRADE_MSG.submitted}；拒绝：${[TRADE_MSG.sellerNeedRealName, TRADE_MSG.sellerMinor, TRADE_MSG.notOwner, TRADE_MSG.tooYoung, TRADE_MSG.tooLittleTopup, TRADE_MSG.alreadyListed, TRADE_MSG.notEditable, TRADE_MSG.imageBad].join(' / ')}`,
  ),
});

export const saveListingDraft = defineCall({
  path: '/api/trade/saveListingDraft',
  auth: 'required',
  summary: '保存草稿（不冻结小号、不送审）：只校验已填写的字段；listing_id 为空时新建。只能保存草稿、未通过、已下架、已过期的商品',
  fields: {
    listing_id: optionalId(TRADE_MSG.listingMissing),
    sub_account_id: id(TRADE_MSG.subAccountMissing),
    title: field<string | undefined, string>({ type: 'string', required: false, rule: '同 submitListing，可空', message: [TRADE_MSG.titleLength, TRADE_MSG.textChars] }, (value) => {
      const t = textOf(value);
      return t === '' ? { ok: true, value: '' } : checkTitle(t);
    }),
    server_name: field<string | undefined, string>({ type: 'string', required: false, rule: '可空', message: [TRADE_MSG.serverLong, TRADE_MSG.textChars] }, (value) => {
      const t = textOf(value);
      return t === '' ? { ok: true, value: '' } : checkServerName(t);
    }),
    role_name: field<string | undefined, string>({ type: 'string', required: false, rule: '可空', message: [TRADE_MSG.roleLong, TRADE_MSG.textChars] }, (value) => {
      const t = textOf(value);
      return t === '' ? { ok: true, value: '' } : checkRoleName(t);
    }),
    description,
    images: field<string[] | undefined, string[]>({ type: 'string[]', required: false, rule: '0–9 个 key，可空', message: [TRADE_MSG.imagesMissing, TRADE_MSG.imagesTooMany, TRADE_MSG.imageBad] }, (value) =>
      value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) ? { ok: true, value: [] } : checkTradeImageKeys(value),
    ),
    price_cents: field<number | string | undefined, number | null>({ type: 'int', required: false, rule: '分，可空', message: [TRADE_MSG.priceFormat, TRADE_MSG.priceMin, TRADE_MSG.priceMax] }, (value) => {
      const n = exactCents(value);
      if (n === undefined) return { ok: true, value: null };
      if (n === null) return { ok: false, message: TRADE_MSG.priceFormat };
      return checkPriceCents(n);
    }),
  },
  answer: answer(v.object({
    listing: MyListing,
  }), `{ listing: ${LISTING_DOC} }；msg ${TRADE_MSG.saved}；拒绝：${TRADE_MSG.notOwner} / ${TRADE_MSG.notEditable}`),
});

export const withdrawListing = defineCall({
  path: '/api/trade/withdrawListing',
  auth: 'required',
  summary: '下架自己审核中或出售中的商品（交易中的不能下架）；小号解冻',
  fields: { listing_id: id(TRADE_MSG.listingMissing) },
  answer: answer(v.object({
    listing: MyListing,
  }), `{ listing }；msg ${TRADE_MSG.withdrawn}；拒绝：${TRADE_MSG.listingMissing} / ${TRADE_MSG.notWithdrawable}`),
});

export const getMyListings = defineCall({
  path: '/api/trade/getMyListings',
  auth: 'required',
  summary: '我发布的商品（/sellaccount），最近更新在前；status 可选',
  fields: { ...PAGE_FIELDS, status: optionalChoice(LISTING_STATUSES, TRADE_MSG.badFilter) },
  answer: answer(page(MyListing), `分页：list: [${LISTING_DOC}]`),
});

export const getMyListing = defineCall({
  path: '/api/trade/getMyListing',
  auth: 'required',
  summary: '我的一个商品（/sellaccountedit）；别人的答 商品不存在或已下架',
  fields: { listing_id: id(TRADE_MSG.listingMissing) },
  answer: answer(MyListing, LISTING_DOC),
});

export const enterSubAccount = defineCall({
  path: '/api/trade/enterSubAccount',
  auth: 'required',
  summary: `进入游戏：给自己的小号取一张 2 小时有效的登录票（游戏以 POST /sim-game/session 核对）；出售中（冻结）的小号答 ${TRADE_MSG.frozen}`,
  fields: { sub_account_id: id(TRADE_MSG.subAccountMissing) },
  answer: answer(v.object({
    ticket: v.string(),
    expires_at: v.string(),
  }), `{ ticket, expires_at }；拒绝：${TRADE_MSG.notOwner} / ${TRADE_MSG.frozen}`),
});

// ---- Buyer ----

export const getListings = defineCall({
  path: '/api/trade/getListings',
  auth: 'optional',
  summary: '在售商品（/circle、/circleresult）：可按关键词（标题、游戏名）、游戏、价格区间筛选，按最新或价格排序；出售中与交易中的都列出',
  fields: {
    ...PAGE_FIELDS,
    keyword,
    game_id: optionalId(TRADE_MSG.badFilter),
    min_price_cents: priceBound,
    max_price_cents: priceBound,
    sort: optionalChoice(LISTING_SORTS, TRADE_MSG.badFilter),
  },
  answer: answer(page(ListingCard), `分页：list: [${CARD_DOC}]；min 大于 max 时答 ${TRADE_MSG.priceRangeBad}`),
});

export const getListingGames = defineCall({
  path: '/api/trade/getListingGames',
  auth: 'optional',
  summary: '有在售商品的游戏（/selectgame），商品多的在前',
  fields: {},
  answer: answer(v.object({
    list: lenientList(v.object({
      game_id: positive,
      game_name: v.string(),
      game_icon: url,
      count: count,
    })),
  }), '{ list: [{ game_id, game_name, game_icon, count }] }'),
});

export const getListing = defineCall({
  path: '/api/trade/getListing',
  auth: 'optional',
  summary: '一个商品的详情（/wantpay）：出售中与交易中的人人可看；其他状态只有卖家本人可看',
  fields: { listing_id: id(TRADE_MSG.listingMissing) },
  answer: answer(ListingDetail, `${CARD_DOC} 加 role_name, description, images, has_second_password, seller: { nickname, sold_count }, is_own, reserved_until`),
});

export const buyListing = defineCall({
  path: '/api/trade/buyListing',
  auth: 'required',
  summary:
    '购买（/wantpay → /orderpay）：建一笔 kind trade 的订单并锁定商品 15 分钟（过期或取消即释放）；pay_method provider 答收银台 pay_url，wallet 当即从余额付款。须实名且成年，不能买自己的；同一 idempotency_key 与同样内容返回同一订单',
  fields: { idempotency_key: idempotencyKey, listing_id: id(TRADE_MSG.listingMissing), pay_method: choice(TRADE_PAY_METHODS, TRADE_MSG.payMethodBad) },
  answer: answer(OrderView,
    `OrderView（见 createOrder）；拒绝：${[TRADE_MSG.buyerNeedRealName, TRADE_MSG.buyerMinor, TRADE_MSG.ownListing, TRADE_MSG.notOnSale, TRADE_MSG.reservedByOther, MONEY_MSG.walletShort, MONEY_MSG.inFlight, MONEY_MSG.keyReused].join(' / ')}`,
  ),
});

export const getTrade = defineCall({
  path: '/api/trade/getTrade',
  auth: 'required',
  summary: '一笔交易（/tradingsuccess），买家或卖家本人；trade_id 或 order_number 其一。买家可见二级密码',
  fields: {
    trade_id: optionalId(TRADE_MSG.tradeMissing),
    order_number: field<string | undefined, string>({ type: 'string', required: false, rule: '订单号（trade_id 为空时必填）' }, (value) => ({ ok: true, value: textOf(value) })),
  },
  answer: answer(TradeView, `${TRADE_DOC}；订单尚未支付时 code -1 ${TRADE_MSG.tradeMissing}`),
});

export const openDispute = defineCall({
  path: '/api/trade/openDispute',
  auth: 'required',
  summary: '买家在冷静期内申请售后：卖家款项冻结，由客服裁定退款（小号退回卖家）或放款',
  fields: { trade_id: id(TRADE_MSG.tradeMissing), reason },
  answer: answer(TradeView, `${TRADE_DOC}；msg ${TRADE_MSG.disputed}；拒绝：${TRADE_MSG.tradeMissing} / ${TRADE_MSG.disputeClosed} / ${TRADE_MSG.disputeOpen}`),
});

export const getTradeRecords = defineCall({
  path: '/api/trade/getTradeRecords',
  auth: 'required',
  summary: '交易记录（/traderecord）：已购买、已出售、出售中、审核中，最新在前，分页',
  fields: { ...PAGE_FIELDS, tab: choice(TRADE_RECORD_TABS, TRADE_MSG.badFilter) },
  answer: answer(page(TradeRecordItem), '分页：list: [{ tab, id, listing_id, trade_id, title, game_name, game_icon, server_name, price_cents, net_cents, status_text, at }]'),
});

// ---- The test build's fixtures (/ceshiyemian); refused in production ----

export const getTradeTestStatus = defineCall({
  path: '/api/trade/getTradeTestStatus',
  auth: 'none',
  summary: '测试构建的交易夹具是否开放（生产环境为 false，/ceshiyemian 随之不显示）',
  fields: {},
  answer: answer(v.object({
    enabled: v.boolean(),
  }), '{ enabled }'),
});

export const makeTestSubAccount = defineCall({
  path: '/api/trade/makeTestSubAccount',
  auth: 'required',
  summary: `测试夹具：给自己建一个可出售的小号（创建时间前移、记一笔满足条件的充值，含一个角色）；生产环境答 ${TRADE_MSG.testOff}`,
  fields: { platform_game_id: optionalId() },
  answer: answer(v.object({
    sub_account: SellableSubAccount,
    game: v.object({
      game_id: int,
      platform_game_id: int,
      game_name: v.string(),
    }),
  }), '{ sub_account, game: { game_id, platform_game_id, game_name } }'),
});

export const fastForwardTrade = defineCall({
  path: '/api/trade/fastForwardTrade',
  auth: 'required',
  summary: `测试夹具：以模拟时钟跳过这笔交易的冷静期（按 paid_at + 冷静期之后的时刻执行放款任务）；买家或卖家本人；生产环境答 ${TRADE_MSG.testOff}`,
  fields: { trade_id: id(TRADE_MSG.tradeMissing) },
  answer: answer(TradeView, TRADE_DOC),
});
