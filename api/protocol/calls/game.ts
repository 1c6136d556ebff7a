import * as v from 'valibot';
import { answer, count, defineCall, field, id, instant, int, NULL_ANSWER, optionalChoice, optionalId, page, PAGE_FIELDS, positive, text, textOf } from '../call-spec.ts';
import { MSG } from '../codes.ts';
import { GIFT_CLAIM_MSG, GIFT_REFUSALS } from '../claim-refusals.ts';
export { GIFT_CLAIM_MSG, GIFT_REFUSALS, type GiftRefusal, type GiftRefusalData } from '../claim-refusals.ts';

/** The game catalogue, gift packs, reservations and downloads (/api/game/…, /api/PlatformGame/…). */

export const LIST_TYPES = ['all', 'bt', 'discount', 'h5', 'zeropointone', 'overseas', 'new'] as const;
export const LIST_SORTS = ['hot', 'new', 'discount', 'score'] as const;
export type ListType = (typeof LIST_TYPES)[number];
export const KEYWORD_MAX = 30;
export const WEEKS_BACK_MAX = 52;
export const ADDRESS_MAX = 2048;

export const GAME_FIELD_MSG = {
  keywordRequired: '请输入搜索内容',
  keywordTooLong: `搜索内容不能超过${KEYWORD_MAX}个字`,
  addressRequired: '请提供下载地址',
} as const;

/** 1: an Android package; 2: an H5 game played in the browser. */
export const DownType = v.picklist([1, 2]);

/** What a list item and a game page's platform version both say of one platform build. */
const PLATFORM_BUILD = {
  size_bytes: int,
  size_text: v.string(),
  down_type: DownType,
  package_name: v.nullable(v.string()),
  version_name: v.string(),
  /** In 折 (0.1 = 0.1折, 3.5 = 3.5折); null without a discount. */
  discount: v.nullable(v.number()),
  discount_text: v.string(),
  first_recharge_discount: v.nullable(v.number()),
  is_bt: v.boolean(),
  is_discount: v.boolean(),
  is_h5: v.boolean(),
  is_zero_point_one: v.boolean(),
  vip_on_login: int,
};

/**
 * A game as every list, search result, topic, home section and favourite carries it
 * (docs/catalog.md "game item"): the game, and the one platform version the list is about.
 */
export const GameListItem = v.object({
  game_id: int,
  platform_game_id: int,
  platform_id: int,
  name: v.string(),
  platform_game_name: v.string(),
  icon: v.string(),
  banner: v.string(),
  short_desc: v.string(),
  category: v.string(),
  tags: v.array(v.string()),
  ...PLATFORM_BUILD,
  is_overseas: v.boolean(),
  score: v.number(),
  download_count: int,
  download_text: v.string(),
  online_at: instant,
  h5_url: v.nullable(v.string()),
});
export type GameListItem = v.InferOutput<typeof GameListItem>;

/** A list item with the reservation fields (upcoming games). */
export const ReservableGame = v.object({ ...GameListItem.entries, reserve_count: int, reserved: v.boolean() });

/** A gift pack as the game page and the gift list show it. */
export const GiftPack = v.object({
  gift_id: positive,
  game_id: int,
  name: v.string(),
  content: v.string(),
  usage: v.string(),
  valid_until: instant,
  expired: v.boolean(),
  vip_level: count,
  total: count,
  remaining: count,
  claimed: v.boolean(),
  /** The player's own code, when signed in and claimed (never ''). */
  code: v.nullable(v.pipe(v.string(), v.minLength(1))),
});
export type GiftPack = v.InferOutput<typeof GiftPack>;

/** A coupon one may claim (the game page, getCouponList). */
export const GameCoupon = v.object({
  coupon_id: positive,
  game_id: v.nullable(int),
  game_name: v.string(),
  name: v.string(),
  type: v.picklist(['normal', 'bt']),
  /** 元. */
  amount: v.number(),
  amount_cents: int,
  threshold: v.number(),
  threshold_cents: int,
  condition_text: v.string(),
  valid_days: count,
  total: count,
  remaining: count,
  received: v.boolean(),
});
export type GameCoupon = v.InferOutput<typeof GameCoupon>;

/** One platform version of a game (the game page, getPlatformGame). */
export const PlatformVersion = v.object({
  platform_game_id: int,
  game_id: int,
  platform_id: int,
  platform_name: v.string(),
  platform_game_name: v.string(),
  ...PLATFORM_BUILD,
  file_md5: v.nullable(v.string()),
  vip_info: v.string(),
});

/** How a game list page answers (PROTOCOL §10); items as docs/catalog.md describes them. */
const GAME_PAGE = '分页：{ list: [游戏条目], total, page, limit }；游戏条目见 docs/catalog.md（game_id, platform_game_id, name, icon, tags, discount …）';

function gameList<TItem extends v.GenericSchema>(path: string, summary: string, item: TItem, extra = '') {
  return defineCall({ path, auth: 'optional', summary, fields: { ...PAGE_FIELDS }, answer: answer(page(item), GAME_PAGE + extra) });
}

/** Number(value), NaN for what has no number (an object without a prototype throws in Number()). */
function numberOf(value: unknown): number {
  try {
    return Number(value);
  } catch {
    return Number.NaN;
  }
}

/** Weeks back from this week: a whole number 0–52 ('' is this week); undefined when absent. */
function weeksBack(value: unknown): { ok: true; value: number | undefined } | { ok: false } {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  const n = value === '' ? 0 : numberOf(value);
  return Number.isInteger(n) && n >= 0 && n <= WEEKS_BACK_MAX ? { ok: true, value: n } : { ok: false };
}

function weeklyList(path: string, summary: string) {
  return defineCall({
    path,
    auth: 'optional',
    summary,
    fields: {
      ...PAGE_FIELDS,
      week: field<number | string | undefined, number | undefined>({ type: 'int', required: false, rule: `往前几周，0–${WEEKS_BACK_MAX}，默认 0（本周）`, message: MSG.paramError }, (value) => {
        const weeks = weeksBack(value);
        return weeks.ok ? weeks : { ok: false, message: MSG.paramError };
      }),
      // The older name, read only when week is absent (so the handler refuses a bad one then).
      week_num: field<number | string | undefined, number | null | undefined>({ type: 'int', required: false, rule: 'week 的旧名，只在没有 week 时读取', message: MSG.paramError }, (value) => {
        const weeks = weeksBack(value);
        return { ok: true, value: weeks.ok ? weeks.value : null };
      }),
    },
    answer: answer(page(GameListItem, { week_start: v.nullable(v.string()), week_end: v.nullable(v.string()) }), '{ week_start, week_end（YYYY-MM-DD，没有榜单时 null）, list, total, page, limit }'),
  });
}

// ---- Lists ----

export const getGameList = defineCall({
  path: '/api/game/getGameList',
  auth: 'optional',
  summary: '按类型、分类、标签列出游戏（/hotbt、/zeropointone、/h5、/overseas、/newgame 等页面）',
  fields: {
    ...PAGE_FIELDS,
    type: optionalChoice(LIST_TYPES),
    sort: optionalChoice(LIST_SORTS),
    category: text('分类 id、名称或 slug；不存在时列表为空'),
    tag: text('标签名（不分大小写）；不存在时列表为空'),
  },
  answer: answer(page(GameListItem), `${GAME_PAGE}；type 缺省 all，sort 缺省 hot（type new 时为 new）`),
});

export const getTodayRecommend = gameList('/api/game/getTodayRecommend', '今日推荐：推荐游戏，每天轮换顺序', GameListItem);
export const getLowestDiscountGame = gameList('/api/game/getLowestDiscountGame', '折扣最低的折扣游戏', GameListItem);
export const getNewGoodStartGames = gameList('/api/game/getNewGoodStartGames', '新游好开局：30 天内上线的游戏，按热度', GameListItem);
export const getQualityGame = gameList('/api/game/getQualityGame', '精品游戏：评分 8.5 以上，按评分', GameListItem);
export const getShowGames = gameList('/api/game/getShowGames', '精选展示的游戏', GameListItem);
export const getWeekOrderGames = gameList('/api/game/getWeekOrderGames', '即将上线、可预约的游戏，最早上线的在前', ReservableGame, '；条目另有 reserve_count、reserved');
export const getNewGames = gameList('/api/game/getNewGames', '新游：30 天内上线的游戏，最新的在前', GameListItem);
export const getWeekNumGames = weeklyList('/api/game/getWeekNumGames', '每周新游榜（week 周前的榜单；没有该周时为之前最近的一周）');
export const getWeekBtGames = weeklyList('/api/game/getWeekBtGames', '每周 BT 榜（week 周前的榜单；没有该周时为之前最近的一周）');

export const getCategories = defineCall({
  path: '/api/game/getCategories',
  auth: 'none',
  summary: '游戏分类及其已上线游戏数',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(v.object({ id: int, name: v.string(), slug: v.string(), game_count: int })), '分页：list: [{ id, name, slug, game_count }]'),
});

export const getSearchGames = defineCall({
  path: '/api/game/getSearchGames',
  auth: 'optional',
  summary: '搜索游戏：名称、拼音、首字母、标签和分类；名称完全相同的排最前。第 1 页命中游戏名或标签时计入热搜',
  fields: {
    ...PAGE_FIELDS,
    keyword: field<string, string>({ type: 'string', required: true, rule: `去掉首尾空白后 1–${KEYWORD_MAX} 个字`, message: [GAME_FIELD_MSG.keywordRequired, GAME_FIELD_MSG.keywordTooLong] }, (value) => {
      const keyword = textOf(value);
      if (keyword === '') return { ok: false, message: GAME_FIELD_MSG.keywordRequired };
      return Array.from(keyword).length > KEYWORD_MAX ? { ok: false, message: GAME_FIELD_MSG.keywordTooLong } : { ok: true, value: keyword };
    }),
  },
  answer: answer(page(v.object({ ...GameListItem.entries, match_rank: int }), { keyword: v.string() }), `{ keyword, list, total, page, limit }；条目另有 match_rank（0 名称相同 … 8 标签包含）`),
});

export const getHotSearch = defineCall({
  path: '/api/game/getHotSearch',
  auth: 'none',
  summary: '热门搜索词：运营置顶的在前（按置顶顺序），其余搜得多的在前',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(v.object({ word: v.string(), hits: int })), '分页：list: [{ word, hits }]'),
});

export const getOpenServers = defineCall({
  path: '/api/game/getOpenServers',
  auth: 'none',
  summary: '某一天（北京时间）的开服表',
  fields: {
    ...PAGE_FIELDS,
    date: field<string | undefined, string>({ type: 'string', required: false, rule: 'YYYY-MM-DD 的真实日期；缺省为今天', message: MSG.paramError }, (value) => {
      const date = textOf(value);
      if (date === '') return { ok: true, value: '' };
      const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;
      return valid ? { ok: true, value: date } : { ok: false, message: MSG.paramError };
    }),
  },
  answer: answer(
    page(v.object({ ...GameListItem.entries, server_id: int, server_name: v.string(), open_at: instant, opened: v.boolean() }), { date: v.string(), today: v.string(), days: v.array(v.string()) }),
    '{ date, today, days（可选的日期，前 3 天到后 7 天）, list: [游戏条目 + server_id, server_name, open_at, opened], total, page, limit }',
  ),
});

// ---- One game ----

/** The game page (docs/catalog.md): the game, its versions, open servers and gift and coupon summaries. */
export const GameDetail = v.object({
  game_id: int,
  platform_game_id: int,
  name: v.string(),
  platform_game_name: v.string(),
  icon: v.string(),
  banner: v.string(),
  short_desc: v.string(),
  description: v.string(),
  category: v.string(),
  categories: v.array(v.object({ id: int, name: v.string() })),
  tags: v.array(v.string()),
  score: v.number(),
  download_count: int,
  online_at: instant,
  is_online: v.boolean(),
  can_reserve: v.boolean(),
  reserve_count: int,
  reserved: v.boolean(),
  is_overseas: v.boolean(),
  h5_url: v.nullable(v.string()),
  age_rating: v.string(),
  licence_no: v.string(),
  approval_no: v.string(),
  developer: v.string(),
  publisher: v.string(),
  screenshots: v.array(v.object({ url: v.string(), caption: v.string(), width: int, height: int })),
  videos: v.array(v.never()),
  /** The version asked for (platform_game_id), else the main one. */
  platform: PlatformVersion,
  platforms: v.array(PlatformVersion),
  open_servers: v.array(v.object({ id: int, server_name: v.string(), open_at: instant, opened: v.boolean(), platform_game_id: v.nullable(int) })),
  gifts: v.object({ count: int, remaining: int, list: v.array(GiftPack) }),
  coupons: v.object({ count: int, max_amount: v.number(), list: v.array(GameCoupon) }),
});

export const getGameDetail = defineCall({
  path: '/api/game/getGameDetail',
  auth: 'optional',
  summary: '游戏详情：介绍、截图、各平台版本、开服、礼包和代金券摘要、预约状态。game_id 与 platform_game_id 至少给一个（都缺时 参数错误），都给时须属于同一游戏',
  fields: { game_id: optionalId(), platform_game_id: optionalId() },
  answer: answer(GameDetail, '{ game_id, platform_game_id, name, icon, banner, description, tags, screenshots, platform, platforms, open_servers, gifts: { count, remaining, list }, coupons: { count, max_amount, list }, reserve_count, reserved, … }（docs/catalog.md）；不存在时 游戏不存在'),
});

export const recordGameSize = defineCall({
  path: '/api/game/recordGameSize',
  auth: 'optional',
  summary: '上报安装包实际大小（字节）',
  fields: {
    game_id: id(),
    game_size: field<number | string, number>({ type: 'int', required: true, rule: '正整数（字节）', message: MSG.paramError }, (value) => {
      const size = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
      return Number.isSafeInteger(size) && size > 0 ? { ok: true, value: size } : { ok: false, message: MSG.paramError };
    }),
  },
  answer: answer(NULL_ANSWER, 'null；msg 记录成功；游戏不存在时 游戏不存在'),
});

export const getPlatformGame = defineCall({
  path: '/api/PlatformGame/getPlatformGame',
  auth: 'none',
  summary: '一个游戏在各平台的版本',
  fields: { ...PAGE_FIELDS, game_id: id() },
  answer: answer(page(PlatformVersion), '分页：list: [{ platform_game_id, game_id, platform_id, platform_name, platform_game_name, down_type, size, discount …, file_md5, vip_info }]；游戏不存在时 游戏不存在'),
});

// ---- Gift packs and reservations ----

export const getGiftList = defineCall({
  path: '/api/game/getGiftList',
  auth: 'optional',
  summary: '一个游戏的礼包；登录时带出自己领到的兑换码',
  fields: { ...PAGE_FIELDS, game_id: id() },
  answer: answer(page(GiftPack), '分页：list: [{ gift_id, game_id, name, content, usage, valid_until, expired, vip_level, total, remaining, claimed, code }]'),
});

export const receiveGift = defineCall({
  path: '/api/game/receiveGift',
  auth: 'required',
  summary: '领取礼包：每人每个礼包一个兑换码；已领过时再次答出同一个码',
  fields: { gift_id: id() },
  answer: answer(v.object({
    code: v.string(),
    gift_id: int,
  }), `{ code, gift_id }；msg ${GIFT_CLAIM_MSG.received} 或 ${GIFT_CLAIM_MSG.already}；${GIFT_REFUSALS.map((reason) => GIFT_CLAIM_MSG[reason]).join('、')} 时 code -1，data { reason }`),
});

export const myGiftList = defineCall({
  path: '/api/game/myGiftList',
  auth: 'required',
  summary: '我领到的礼包码，最近领的在前',
  fields: { ...PAGE_FIELDS },
  answer: answer(
    page(
      v.object({
        gift_id: int,
        name: v.string(),
        content: v.string(),
        usage: v.string(),
        vip_level: int,
        code: v.string(),
        claimed_at: instant,
        valid_until: instant,
        expired: v.boolean(),
        game_id: int,
        game_name: v.string(),
        icon: v.string(),
      }),
    ),
    '分页：list: [{ gift_id, name, content, usage, vip_level, code, claimed_at, valid_until, expired, game_id, game_name, icon }]',
  ),
});

export const reserveGame = defineCall({
  path: '/api/game/reserveGame',
  auth: 'required',
  summary: '预约未上线的游戏（重复预约答 已预约）',
  fields: { game_id: id() },
  answer: answer(v.object({
    game_id: int,
    reserved: v.boolean(),
    reserve_count: int,
  }), '{ game_id, reserved: true, reserve_count }；msg 预约成功 或 已预约；已上线时 游戏已上线，快去下载吧'),
});

export const cancelReserveGame = defineCall({
  path: '/api/game/cancelReserveGame',
  auth: 'required',
  summary: '取消预约（没有预约过也答成功）',
  fields: { game_id: id() },
  answer: answer(v.object({
    game_id: int,
    reserved: v.boolean(),
    reserve_count: int,
  }), '{ game_id, reserved: false, reserve_count }；msg 已取消预约'),
});

export const myReservations = defineCall({
  path: '/api/game/myReservations',
  auth: 'required',
  summary: '我预约的游戏，最近预约的在前',
  fields: { ...PAGE_FIELDS },
  answer: answer(page(v.object({ ...ReservableGame.entries, reserved_at: instant, is_online: v.boolean() })), '分页：list: [游戏条目 + reserved, reserved_at, reserve_count, is_online]'),
});

// ---- Downloads (PROTOCOL §7) ----

export const getDownUrl = defineCall({
  path: '/api/game/getDownUrl',
  auth: 'optional',
  summary: '某平台版本的下载地址（安卓包，或 H5 游戏的游玩页）',
  fields: { id: id(MSG.downloadAddressError) },
  answer: answer(
    v.object({
      url: v.string(),
      platform_game_id: int,
      game_id: int,
      down_type: DownType,
      version_name: v.string(),
      package_name: v.nullable(v.string()),
      size: int,
      md5: v.nullable(v.string()),
    }),
    '{ url, platform_game_id, game_id, down_type（1 安装包、2 H5）, version_name, package_name, size, md5 }；未上线时 游戏尚未上线，敬请期待',
  ),
});

export const recordDown = defineCall({
  path: '/api/game/recordDown',
  auth: 'optional',
  summary: '记录一次下载（下载数 +1）',
  fields: { platform_game_id: id(), game_id: id() },
  answer: answer(NULL_ANSWER, 'null；msg 记录成功；版本与游戏不符时 参数错误'),
});

export const reportAddress = defineCall({
  path: '/api/game/reportAddress',
  auth: 'optional',
  summary: '上报一个下载地址（地址里的 & 以 %26 发送）',
  fields: {
    platform_game_id: id(),
    game_id: id(),
    address: field<string, string>({ type: 'string', required: true, rule: `%26 还原为 &；最多 ${ADDRESS_MAX} 个字符`, message: [GAME_FIELD_MSG.addressRequired, MSG.paramError] }, (value) => {
      const address = textOf(value).replace(/%26/gi, '&');
      if (address === '') return { ok: false, message: GAME_FIELD_MSG.addressRequired };
      return address.length > ADDRESS_MAX ? { ok: false, message: MSG.paramError } : { ok: true, value: address };
    }),
  },
  answer: answer(NULL_ANSWER, 'null；msg 上报成功'),
});
