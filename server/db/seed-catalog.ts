import { sql, type Insertable, type Kysely } from 'kysely';
import { chinaDayStart, chinaWeekStart, chinaDate, DAY_MS, HOUR_MS } from '../china-time.ts';
import { Rng } from '../catalog/prng.ts';
import { CARD_PERKS, ensurePerks } from '../money/perks-catalog.ts';
import { seedStore } from './seed-store.ts';
import { seedTradeListings } from '../trading/seed-listings.ts';
import {
  COMPANY_BRANDS,
  COMPANY_CITIES,
  COMPANY_SUFFIXES,
  GENRES,
  GIFT_TEMPLATES,
  KIND_SHORT,
  KIND_TAGS,
  KIND_WELFARE,
  PACKAGE_SEGMENT,
  PLATFORM_SUFFIX,
  PLATFORMS,
  SCREENSHOT_COUNT,
  SERVER_NAME_PATTERNS,
  SERVER_OPEN_HOURS,
  type GameKind,
  type Genre,
  type NamePart,
} from '../catalog/vocabulary.ts';
import type {
  CardsTable,
  CategoriesTable,
  CouponsTable,
  Database,
  GameCategoriesTable,
  GameScreenshotsTable,
  GamesTable,
  GameTagsTable,
  GiftCodesTable,
  GiftPacksTable,
  HotSearchWordsTable,
  OpenServersTable,
  PlatformGamesTable,
  PlatformsTable,
  PromotionsTable,
  TagsTable,
  TopicGamesTable,
  TopicsTable,
  WeeklyListsTable,
} from './schema.ts';

/**
 * The deterministic game catalogue: the same seed gives the same games, names, versions, gift
 * codes and coupons. Times (online dates, the 开服表, gift validity, weekly lists) are offsets
 * from the moment of seeding — the real current time on first start — so the schedule is fresh
 * relative to that start; it is not moved later (a long-running installation shows past
 * servers as opened). Seeding runs once: a database that already has games is left alone.
 */
export const CATALOG_SEED = 0x5eed_2026;
export const CATALOG_GAME_COUNT = 360;
const UPCOMING_GAMES = 24;
const NEW_GAMES = 40;
const GIFT_GAMES = 130;
const CODES_PER_PACK = 50;
const VIP_CODES_PER_PACK = 30;
const MB = 1024 * 1024;

const KIND_COUNTS: Record<GameKind, number> = { discount: 118, bt: 108, zero: 46, h5: 58, overseas: 30 };
const DISCOUNT_RATES = [0.1, 0.15, 0.2, 0.25, 0.28, 0.3, 0.35, 0.38, 0.4, 0.45, 0.5, 0.55, 0.6, 0.68, 0.75, 0.8, 0.88, 0.9, 0.95, 0.98];
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface CatalogGame {
  id: number;
  genre: Genre;
  kind: GameKind;
  name: string;
  initials: string;
  pinyin: string;
  onlineAt: Date;
  upcoming: boolean;
  platformIds: number[];
}

export interface CatalogData {
  platforms: Insertable<PlatformsTable>[];
  categories: (Insertable<CategoriesTable> & { id: number })[];
  tags: (Insertable<TagsTable> & { id: number })[];
  games: (Insertable<GamesTable> & { id: number })[];
  gameCategories: Insertable<GameCategoriesTable>[];
  gameTags: Insertable<GameTagsTable>[];
  platformGames: (Insertable<PlatformGamesTable> & { id: number })[];
  screenshots: Insertable<GameScreenshotsTable>[];
  openServers: Insertable<OpenServersTable>[];
  topics: (Insertable<TopicsTable> & { id: number })[];
  topicGames: Insertable<TopicGamesTable>[];
  weeklyLists: Insertable<WeeklyListsTable>[];
  giftPacks: (Insertable<GiftPacksTable> & { id: number })[];
  giftCodes: Insertable<GiftCodesTable>[];
  coupons: (Insertable<CouponsTable> & { id: number })[];
  cards: (Insertable<CardsTable> & { id: number })[];
  promotions: (Insertable<PromotionsTable> & { id: number })[];
  hotWords: Insertable<HotSearchWordsTable>[];
  /** The games as built (for tests and the seed's own bookkeeping). */
  index: CatalogGame[];
}

function composeName(prefix: NamePart, suffix: NamePart) {
  return { text: prefix.text + suffix.text, initials: prefix.initials + suffix.initials, pinyin: prefix.pinyin + suffix.pinyin };
}

/** ISBN-13 check digit. */
function isbn(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

function zhe(rate: number): string {
  return String(Math.round(rate * 100) / 10);
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

export function buildCatalog(options: { seed?: number; now?: Date } = {}): CatalogData {
  const rng = new Rng(options.seed ?? CATALOG_SEED);
  const now = options.now ?? new Date();
  const today = chinaDayStart(now);
  const at = (dayOffset: number, hour: number) => new Date(today.getTime() + dayOffset * DAY_MS + hour * HOUR_MS);

  // Names: every genre's prefix × suffix pairs, shuffled, dealt round-robin until N unique names.
  const pools = GENRES.map((genre) => ({
    genre,
    names: rng.shuffle(genre.prefixes.flatMap((p) => genre.suffixes.filter((s) => s.text !== p.text).map((s) => composeName(p, s)))),
  }));
  const taken = new Set<string>();
  const named: { genre: Genre; text: string; initials: string; pinyin: string }[] = [];
  for (let round = 0; named.length < CATALOG_GAME_COUNT; round++) {
    for (const pool of pools) {
      const candidate = pool.names[round];
      if (!candidate || taken.has(candidate.text) || named.length >= CATALOG_GAME_COUNT) continue;
      taken.add(candidate.text);
      named.push({ genre: pool.genre, ...candidate });
    }
  }
  const order = rng.shuffle(named);
  const kinds = rng.shuffle(Object.entries(KIND_COUNTS).flatMap(([kind, count]) => Array<GameKind>(count).fill(kind as GameKind)));

  const categoryNames = [...GENRES.map((g) => ({ name: g.category, slug: g.key })), { name: '角色扮演', slug: 'rpg' }];
  const categories = categoryNames.map((c, i) => ({ id: i + 1, name: c.name, slug: c.slug, sort: i }));
  const categoryId = (name: string) => categories.find((c) => c.name === name)!.id;
  const RPG_GENRES = new Set(['xianxia', 'chuanqi', 'wuxia', 'fantasy', 'xiyou', 'anime']);

  const tags: CatalogData['tags'] = [];
  const tagId = (name: string) => {
    let tag = tags.find((t) => t.name === name);
    if (!tag) tags.push((tag = { id: tags.length + 1, name }));
    return tag.id;
  };

  const games: CatalogData['games'] = [];
  const index: CatalogGame[] = [];
  const gameCategories: CatalogData['gameCategories'] = [];
  const gameTags: CatalogData['gameTags'] = [];
  const platformGames: CatalogData['platformGames'] = [];
  const screenshots: CatalogData['screenshots'] = [];
  const isbnUsed = new Set<string>();

  // Which games are upcoming or new: fixed positions in the shuffled order.
  const timeline = rng.shuffle(order.map((_, i) => i));
  const upcoming = new Set(timeline.slice(0, UPCOMING_GAMES));
  const recent = new Set(timeline.slice(UPCOMING_GAMES, UPCOMING_GAMES + NEW_GAMES));

  order.forEach((entry, i) => {
    const id = i + 1;
    const kind = kinds[i]!;
    const genre = entry.genre;
    const isUpcoming = upcoming.has(i);
    const onlineAt = isUpcoming
      ? at(rng.int(1, 14), rng.pick(SERVER_OPEN_HOURS))
      : recent.has(i)
        ? at(-rng.int(0, 29), rng.pick(SERVER_OPEN_HOURS))
        : at(-rng.int(31, 1100), rng.pick(SERVER_OPEN_HOURS));
    // A "new" game opening later today is still upcoming; keep it online by moving it a day back.
    const online = !isUpcoming && onlineAt > now ? new Date(onlineAt.getTime() - DAY_MS) : onlineAt;

    // Versions: the main one, sometimes a second (and third) on other platforms.
    const versionKinds: GameKind[] = [kind];
    if (kind === 'discount' && rng.chance(0.3)) versionKinds.push('bt');
    if (kind === 'bt' && rng.chance(0.4)) versionKinds.push('discount');
    if (kind === 'bt' && rng.chance(0.15)) versionKinds.push('zero');
    if (kind === 'zero' && rng.chance(0.3)) versionKinds.push('bt');
    if (kind === 'h5' && rng.chance(0.2)) versionKinds.push('discount');

    let mainRate = 1;
    let vipOnLogin = 0;
    const platformIds: number[] = [];
    versionKinds.forEach((vk, sort) => {
      const pgId = platformGames.length + 1;
      platformIds.push(pgId);
      const platform = PLATFORMS.find((p) => p.kind === vk)!;
      const major = rng.int(1, 3);
      const minor = rng.int(0, 12);
      const patch = rng.int(0, 20);
      const h5 = vk === 'h5';
      let rate = 1;
      let first: number | null = null;
      let vip = 0;
      let vipInfo = '';
      if (vk === 'discount') {
        rate = rng.pick(DISCOUNT_RATES.slice(0, rng.chance(0.7) ? 10 : DISCOUNT_RATES.length));
        first = Math.min(rate, rng.pick([0.1, 0.2, 0.3, 0.5]));
        vipInfo = '累计充值自动提升VIP等级，VIP越高返利越多';
      } else if (vk === 'bt') {
        vip = rng.int(6, 15);
        vipInfo = `上线送VIP${vip}，累充${rng.pick([30, 68, 98, 198])}元升至VIP${Math.min(20, vip + rng.int(3, 6))}`;
        first = rng.chance(0.5) ? rng.pick([0.1, 0.2, 0.3]) : null;
      } else if (vk === 'zero') {
        rate = 0.01;
        first = 0.01;
        vip = rng.int(3, 10);
        vipInfo = `0.1折充值，上线送VIP${vip}`;
      } else if (vk === 'h5') {
        rate = rng.chance(0.5) ? rng.pick(DISCOUNT_RATES.slice(0, 10)) : 1;
        first = rate < 1 ? Math.min(rate, 0.3) : null;
      }
      if (sort === 0) {
        mainRate = rate;
        vipOnLogin = vip;
      }
      platformGames.push({
        id: pgId,
        game_id: id,
        platform_id: platform.id,
        name: entry.text + PLATFORM_SUFFIX[vk],
        package_name: h5 ? null : `com.lewan.${entry.pinyin}.${PACKAGE_SEGMENT[vk]}`,
        version_name: `${major}.${minor}.${patch}`,
        version_code: major * 10000 + minor * 100 + patch,
        size_bytes: h5 ? 0 : rng.int(1 * MB, 6 * MB),
        down_type: h5 ? 2 : 1,
        is_bt: vk === 'bt',
        is_discount: vk === 'discount' || vk === 'zero' || (h5 && rate < 1),
        is_h5: h5,
        is_zero_point_one: vk === 'zero',
        discount_rate: rate,
        first_recharge_rate: first,
        vip_on_login: vip,
        vip_info: vipInfo,
        sort,
      });
    });

    const features = rng.sample(genre.features, rng.int(1, 2));
    const description = [fill(rng.pick(genre.openings), { name: entry.text }), ...features, rng.pick(KIND_WELFARE[kind])].join('');
    const shortDesc = rng.chance(0.6)
      ? fill(rng.pick(KIND_SHORT[kind]), { d: zhe(mainRate), f: zhe(Math.min(mainRate, 0.3)), v: vipOnLogin || 10 })
      : rng.pick(genre.tagline);

    let isbnBody = '';
    do isbnBody = `9787498${String(rng.int(10000, 99999))}`;
    while (isbnUsed.has(isbnBody));
    isbnUsed.add(isbnBody);
    const licenceYear = Math.min(new Date(online).getUTCFullYear(), 2026) - rng.int(0, 1);
    const developer = `${rng.pick(COMPANY_CITIES)}${rng.pick(COMPANY_BRANDS)}${rng.pick(COMPANY_SUFFIXES)}`;
    const publisher = rng.chance(0.6) ? developer : `${rng.pick(COMPANY_CITIES)}${rng.pick(COMPANY_BRANDS)}${rng.pick(COMPANY_SUFFIXES)}`;
    const isNew = recent.has(i);
    const downloads = isUpcoming ? 0 : Math.floor(Math.exp(Math.log(isNew ? 500 : 2000) + rng.float() * (Math.log(isNew ? 200_000 : 3_000_000) - Math.log(isNew ? 500 : 2000))));

    games.push({
      id,
      name: entry.text,
      name_initials: entry.initials,
      name_pinyin: entry.pinyin,
      short_desc: shortDesc,
      description,
      genre: genre.key,
      icon_key: `g${id}`,
      banner_key: `g${id}`,
      licence_no: `ISBN ${isbnBody.slice(0, 3)}-${isbnBody.slice(3, 4)}-${isbnBody.slice(4, 7)}-${isbnBody.slice(7)}-${isbn(isbnBody)}`,
      approval_no: `国新出审[${licenceYear}]${rng.int(100, 2999)}号`,
      age_rating: genre.ageRating,
      developer,
      publisher,
      score: Math.round((6.5 + rng.float() * 3.2) * 10) / 10,
      download_count: downloads,
      reserve_base: isUpcoming ? rng.int(2_000, 80_000) : 0,
      online_at: online,
      h5_url: kind === 'h5' ? `/play/h5/${platformIds[0]}` : null,
      is_overseas: kind === 'overseas',
      is_recommend: false,
      featured_rank: null,
    });
    index.push({ id, genre, kind, name: entry.text, initials: entry.initials, pinyin: entry.pinyin, onlineAt: online, upcoming: isUpcoming, platformIds });

    gameCategories.push({ game_id: id, category_id: categoryId(genre.category) });
    if (RPG_GENRES.has(genre.key)) gameCategories.push({ game_id: id, category_id: categoryId('角色扮演') });
    if (genre.key === 'sanguo') gameCategories.push({ game_id: id, category_id: categoryId('策略') });
    if (genre.key === 'idle') gameCategories.push({ game_id: id, category_id: categoryId('休闲') });

    const gameTagNames = [...rng.sample(genre.tags, 2), ...rng.sample(KIND_TAGS[kind], 2)];
    if (isNew || isUpcoming) gameTagNames.push('新游');
    gameTagNames.forEach((name, position) => gameTags.push({ game_id: id, tag_id: tagId(name), position }));

    const captions = rng.shuffle(genre.captions);
    const shots = rng.int(SCREENSHOT_COUNT.min, SCREENSHOT_COUNT.max);
    for (let n = 1; n <= shots; n++) screenshots.push({ game_id: id, position: n, caption: captions[(n - 1) % captions.length]! });
  });

  const online = index.filter((g) => !g.upcoming);
  const byDownloads = [...online].sort((a, b) => games[b.id - 1]!.download_count! - games[a.id - 1]!.download_count! || a.id - b.id);
  // Editorial flags: today's-recommendation pool and the showcase order.
  for (const g of rng.sample(online.filter((g) => games[g.id - 1]!.score >= 7.5), 40)) games[g.id - 1]!.is_recommend = true;
  rng.sample(online, 24).forEach((g, rank) => (games[g.id - 1]!.featured_rank = rank + 1));

  // 开服表: servers from three days ago to a week ahead, never before the game went online.
  const openServers: CatalogData['openServers'] = [];
  for (const g of rng.sample(index, 230)) {
    const pattern = rng.pick(SERVER_NAME_PATTERNS);
    const firstDay = Math.max(-3, Math.ceil((chinaDayStart(g.onlineAt).getTime() - today.getTime()) / DAY_MS));
    if (firstDay > 7) continue;
    const count = rng.int(1, 3);
    const days = [...new Set(Array.from({ length: count }, () => rng.int(firstDay, 7)))].sort((a, b) => a - b);
    let number = Math.max(1, Math.floor((today.getTime() - g.onlineAt.getTime()) / (2 * DAY_MS)));
    for (const day of days) {
      let openAt = at(day, rng.pick(SERVER_OPEN_HOURS));
      if (openAt < g.onlineAt) openAt = g.onlineAt;
      openServers.push({ game_id: g.id, platform_game_id: g.platformIds[0]!, server_name: fill(pattern, { n: number++ }), open_at: openAt });
    }
  }
  openServers.sort((a, b) => (a.open_at as Date).getTime() - (b.open_at as Date).getTime() || a.game_id - b.game_id);

  // Gift packs and their code pools.
  const giftPacks: CatalogData['giftPacks'] = [];
  const giftCodes: CatalogData['giftCodes'] = [];
  const codesUsed = new Set<string>();
  const newCode = () => {
    let code = '';
    do {
      code = '';
      for (let k = 0; k < 12; k++) code += CODE_ALPHABET[rng.int(0, CODE_ALPHABET.length - 1)];
    } while (codesUsed.has(code));
    codesUsed.add(code);
    return code;
  };
  const giftGames = [...byDownloads.slice(0, 80), ...rng.sample(index.filter((g) => !byDownloads.slice(0, 80).includes(g)), GIFT_GAMES - 80)].sort((a, b) => a.id - b.id);
  for (const g of giftGames) {
    const templates = GIFT_TEMPLATES.filter((t) => t.vip === 0 || g.kind === 'bt' || g.kind === 'zero');
    templates.forEach((template, sort) => {
      const id = giftPacks.length + 1;
      const vip = template.vip ? rng.int(5, 12) : 0;
      const total = template.vip ? VIP_CODES_PER_PACK : CODES_PER_PACK;
      const amounts = { a: rng.pick([188, 288, 388, 588]), b: rng.pick([888, 1288, 1888, 2888]), c: rng.pick([3888, 5888, 8888, 12888]), v: vip };
      giftPacks.push({
        id,
        game_id: g.id,
        name: template.name,
        content: template.content.map((c) => fill(c, amounts)).join('，'),
        usage: fill(template.usage, amounts),
        valid_until: new Date(today.getTime() + rng.int(30, 180) * DAY_MS - 1000),
        vip_level: vip,
        total,
        sort,
      });
      for (let k = 0; k < total; k++) giftCodes.push({ pack_id: id, code: newCode() });
    });
  }

  // Coupons: universal ones, per-game ones, and BT coupons for every game with a BT version.
  const coupons: CatalogData['coupons'] = [];
  const addCoupon = (c: Omit<CatalogData['coupons'][number], 'id' | 'sort'>) => coupons.push({ id: coupons.length + 1, sort: coupons.length, ...c });
  for (const [amount, threshold, days, total] of [
    [5, 30, 7, 20000],
    [10, 100, 15, 10000],
    [20, 200, 15, 8000],
    [50, 500, 30, 5000],
    [100, 1000, 30, 2000],
    [30, 98, 7, 5000],
  ] as const) {
    addCoupon({ game_id: null, name: amount === 30 ? '新人专享30元券' : `全平台通用${amount}元券`, type: 'normal', amount_cents: amount * 100, threshold_cents: threshold * 100, valid_days: days, total });
  }
  for (const g of rng.sample(online, 150).sort((a, b) => a.id - b.id)) {
    for (const amount of rng.sample([6, 10, 30, 50, 100], rng.int(1, 2)).sort((a, b) => a - b)) {
      const threshold = amount * rng.pick([0, 5, 10]);
      addCoupon({ game_id: g.id, name: `${g.name}${amount}元代金券`, type: 'normal', amount_cents: amount * 100, threshold_cents: threshold * 100, valid_days: rng.pick([7, 15, 30]), total: rng.int(2, 20) * 100 });
    }
  }
  for (const g of index.filter((g) => platformGames.some((p) => p.game_id === g.id && p.is_bt))) {
    for (const amount of [10, 50, 100].slice(0, rng.int(2, 3))) {
      addCoupon({ game_id: g.id, name: `${g.name}BT专属${amount}元券`, type: 'bt', amount_cents: amount * 100, threshold_cents: amount * 200, valid_days: 30, total: 500 });
    }
  }

  // Topics (专题).
  const pick = (filter: (g: CatalogGame) => boolean, count: number, by: 'downloads' | 'new' | 'random' = 'downloads') => {
    const pool = online.filter(filter);
    if (by === 'random') return rng.sample(pool, count);
    if (by === 'new') return [...pool].sort((a, b) => b.onlineAt.getTime() - a.onlineAt.getTime()).slice(0, count);
    return byDownloads.filter(filter).slice(0, count);
  };
  const topicSpecs: { title: string; subtitle: string; description: string; games: CatalogGame[] }[] = [
    { title: '国风仙侠 御剑江湖', subtitle: '水墨仙境，仗剑天涯', description: '精选国风仙侠与武侠佳作，御剑飞行、拜师学艺、快意恩仇。每一款都有独家礼包等你来领。', games: pick((g) => g.genre.key === 'xianxia' || g.genre.key === 'wuxia', 12) },
    { title: '0.1折福利专场', subtitle: '648只需6.48元', description: '全场充值0.1折，首充续充统统一个价。平民玩家也能轻松满V，畅享顶级福利。', games: pick((g) => g.kind === 'zero', 12) },
    { title: '经典传奇 兄弟再聚', subtitle: '一刀九九九，装备全靠打', description: '重温当年热血的传奇岁月，攻沙、打宝、回收一样不少。高爆版本，散人也能成神。', games: pick((g) => g.genre.key === 'chuanqi', 12) },
    { title: '三国群英 谋定天下', subtitle: '群雄逐鹿，谁主沉浮', description: '三国与策略题材精选，排兵布阵、合纵连横。与好友结盟，一统天下。', games: pick((g) => g.genre.key === 'sanguo' || g.genre.key === 'strategy', 12) },
    { title: '二次元美少女合集', subtitle: 'Live2D与全程语音', description: '精美立绘、番剧级剧情与顶级声优阵容，和可爱的她们一起开启冒险。', games: pick((g) => g.genre.key === 'anime', 10) },
    { title: '放置挂机 轻松养成', subtitle: '上线十分钟，收益一整天', description: '不肝不累的放置佳作，离线也能持续成长，适合上班族与学生党。', games: pick((g) => g.genre.key === 'idle', 10) },
    { title: '高爆BT福利服', subtitle: '上线送VIP，元宝无限领', description: '精选人气BT服，开局即满V，每日福利领不停。', games: pick((g) => g.kind === 'bt', 15) },
    { title: '新游首发 抢先体验', subtitle: '本月新上线', description: '最新上线的精品手游，首发期间礼包与代金券加量供应，先到先得。', games: pick(() => true, 10, 'new') },
    { title: '即点即玩 H5精选', subtitle: '免下载，秒开畅玩', description: '无需安装、不占内存的H5游戏合集，手机电脑数据互通，随时随地来一局。', games: pick((g) => g.kind === 'h5', 12) },
    { title: '海外精品 国际同服', subtitle: '全球玩家同台竞技', description: '海外热门游戏国际服合集，原汁原味同步更新。', games: pick((g) => g.kind === 'overseas', 10) },
    { title: '休闲益智 解压神器', subtitle: '碎片时间的快乐', description: '规则简单、画风可爱的休闲小游戏，老少皆宜，越玩越上头。', games: pick((g) => g.genre.key === 'casual', 10, 'random') },
    { title: '神话西游 降妖伏魔', subtitle: '东方神话与西方魔幻', description: '从大闹天宫到深渊远征，神话与魔幻题材一网打尽。', games: pick((g) => g.genre.key === 'xiyou' || g.genre.key === 'fantasy', 12) },
  ];
  const topics: CatalogData['topics'] = [];
  const topicGames: CatalogData['topicGames'] = [];
  topicSpecs.forEach((spec, i) => {
    const id = i + 1;
    topics.push({ id, title: spec.title, subtitle: spec.subtitle, description: spec.description, banner_key: `t${id}`, sort: i, published_at: new Date(today.getTime() - i * 3 * DAY_MS) });
    spec.games.forEach((g, position) => topicGames.push({ topic_id: id, game_id: g.id, position, blurb: rng.pick(g.genre.tagline) }));
  });

  // Weekly lists for this week and the four before it.
  const weeklyLists: CatalogData['weeklyLists'] = [];
  const thisWeek = chinaWeekStart(now);
  for (let w = 0; w <= 4; w++) {
    const start = new Date(thisWeek.getTime() - w * 7 * DAY_MS);
    const end = new Date(start.getTime() + 7 * DAY_MS);
    const week = chinaDate(start);
    const launched = online.filter((g) => g.onlineAt >= start && g.onlineAt < end).sort((a, b) => b.onlineAt.getTime() - a.onlineAt.getTime());
    const earlier = online.filter((g) => g.onlineAt < start).sort((a, b) => b.onlineAt.getTime() - a.onlineAt.getTime());
    const fresh = [...launched, ...earlier].slice(0, Math.max(8, Math.min(12, launched.length)));
    fresh.forEach((g, position) => weeklyLists.push({ week_start: week, kind: 'new', game_id: g.id, position }));
    rng.sample(online.filter((g) => platformGames.some((p) => p.game_id === g.id && p.is_bt)), 10).forEach((g, position) => weeklyLists.push({ week_start: week, kind: 'bt', game_id: g.id, position }));
  }

  const cards: CatalogData['cards'] = [
    { type: 'hot', name: '648省钱卡', subtitle: '立省618元', price_cents: 3000, original_price_cents: 64800, days: 30 },
    { type: 'hot', name: '畅玩月卡', subtitle: '每天不到1元', price_cents: 1800, original_price_cents: 3000, days: 30 },
    { type: 'hot', name: '超值周卡', subtitle: '7天连续领', price_cents: 600, original_price_cents: 1200, days: 7 },
    { type: 'new', name: '新人体验卡', subtitle: '1元得30元无门槛券', price_cents: 100, original_price_cents: 3000, days: 7 },
    { type: 'new', name: '新游首发卡', subtitle: '15天天天领券', price_cents: 990, original_price_cents: 3000, days: 15 },
    { type: 'new', name: '回归福利卡', subtitle: '老朋友欢迎回来', price_cents: 600, original_price_cents: 1800, days: 15 },
    { type: 'gold', name: '黄金月卡', subtitle: '尊享黄金特权', price_cents: 6800, original_price_cents: 12800, days: 30 },
    { type: 'gold', name: '黄金季卡', subtitle: '三个月超值特权', price_cents: 16800, original_price_cents: 38400, days: 90 },
    { type: 'gold', name: '黄金年卡', subtitle: '全年无忧', price_cents: 49800, original_price_cents: 153600, days: 365 },
    { type: 'carmine', name: '胭脂红卡·月卡', subtitle: '顶级会员 月享3000元券', price_cents: 12800, original_price_cents: 64800, days: 30 },
    { type: 'carmine', name: '胭脂红卡·季卡', subtitle: '顶级会员 三月尊享', price_cents: 32800, original_price_cents: 194400, days: 90 },
    { type: 'carmine', name: '胭脂红卡·年卡', subtitle: '顶级会员 全年尊享', price_cents: 99800, original_price_cents: 777600, days: 365 },
  ].map((card, i) => ({
    id: i + 1,
    sort: i,
    sold_count: rng.int(300, 60_000),
    ...card,
    type: card.type as CardsTable['type'],
    // A card's lines are its benefits' own (server/money/perks-catalog.ts).
    contents: JSON.stringify(CARD_PERKS[card.name]!.contents),
  }));

  const featured = games.filter((g) => g.featured_rank !== null).sort((a, b) => a.featured_rank! - b.featured_rank!);
  const primaryPg = (gameId: number) => index[gameId - 1]!.platformIds[0]!;
  const promotions: CatalogData['promotions'] = [
    ...featured.slice(0, 3).map((g) => ({ slot: 'splash' as const, title: g.name, subtitle: g.short_desc, link_path: '/gamedetail', link_data: { game_id: g.id, platform_game_id: primaryPg(g.id) } })),
    ...featured.slice(3, 6).map((g) => ({ slot: 'home_banner' as const, title: g.name, subtitle: g.short_desc, link_path: '/gamedetail', link_data: { game_id: g.id, platform_game_id: primaryPg(g.id) } })),
    ...topics.slice(0, 2).map((t) => ({ slot: 'home_banner' as const, title: t.title, subtitle: t.subtitle, link_path: '/specialdetail', link_data: { id: t.id } })),
  ].map((p, i) => ({
    id: i + 1,
    sort: i,
    slot: p.slot,
    title: p.title,
    subtitle: p.subtitle,
    image_kind: p.slot === 'splash' ? ('shot' as const) : ('banner' as const),
    image_subject: p.slot === 'splash' ? `a${i + 1}` : p.link_path === '/gamedetail' ? `g${(p.link_data as { game_id: number }).game_id}` : `t${(p.link_data as { id: number }).id}`,
    link_path: p.link_path,
    link_data: JSON.stringify(p.link_data),
  }));

  const hotWords: CatalogData['hotWords'] = [
    ...byDownloads.slice(0, 8).map((g, i) => ({ word: g.name, hits: 1000 - i * 60 })),
    { word: '0.1折', hits: 700 },
    { word: '传奇', hits: 650 },
    { word: 'BT', hits: 600 },
    { word: '三国', hits: 420 },
  ];

  return {
    platforms: PLATFORMS.map((p, i) => ({ id: p.id, name: p.name, short_name: p.short, sort: i })),
    categories,
    tags,
    games,
    gameCategories,
    gameTags,
    platformGames,
    screenshots,
    openServers,
    topics,
    topicGames,
    weeklyLists,
    giftPacks,
    giftCodes,
    coupons,
    cards,
    promotions,
    hotWords,
    index,
  };
}

export interface SeedCatalogResult {
  seeded: boolean;
  ms: number;
  counts: Record<string, number>;
}

const CHUNK_ROWS = 1000;

/** Seeds the catalogue once (one transaction, multi-row inserts); a database with games is left alone. */
export async function seedCatalog(db: Kysely<Database>, options: { seed?: number; now?: Date } = {}): Promise<SeedCatalogResult> {
  const started = performance.now();
  const existing = await db.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    // The coin store's items came later than some catalogues (each is inserted once).
    await seedStore(db, options.now);
    // The trading feed came later than some catalogues (seeded once, server/trading/seed-listings.ts).
    await seedTradeListings(db, options.now);
    return { seeded: false, ms: performance.now() - started, counts: {} };
  }
  const data = buildCatalog(options);
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    const insert = async <T extends keyof Database & string>(table: T, rows: readonly Insertable<Database[T]>[]) => {
      counts[table] = rows.length;
      for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are typed by the caller's table
        await trx.insertInto(table).values(rows.slice(i, i + CHUNK_ROWS) as any).execute();
      }
    };
    await insert('platforms', data.platforms);
    await insert('categories', data.categories);
    await insert('tags', data.tags);
    await insert('games', data.games);
    await insert('game_categories', data.gameCategories);
    await insert('game_tags', data.gameTags);
    await insert('platform_games', data.platformGames);
    await insert('game_screenshots', data.screenshots);
    await insert('open_servers', data.openServers);
    await insert('topics', data.topics);
    await insert('topic_games', data.topicGames);
    await insert('weekly_lists', data.weeklyLists);
    await insert('gift_packs', data.giftPacks);
    await insert('gift_codes', data.giftCodes);
    await insert('coupons', data.coupons);
    await insert('cards', data.cards);
    await insert('promotions', data.promotions);
    await insert('hot_search_words', data.hotWords);
    // Rows above carry explicit ids: move each serial past them.
    for (const table of ['categories', 'tags', 'games', 'platform_games', 'topics', 'gift_packs', 'coupons', 'cards', 'promotions']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(trx);
    }
    // The coupons cards and levels hand out, and each card's benefits (as migration 0011_perks does on an older database).
    await ensurePerks(trx);
    // The coin store sells some of these coupons and one pack's gift codes.
    counts.store_items = await seedStore(trx, options.now);
  });
  // On-sale listings of some of these games for the /circle feed.
  counts.trade_listings = await seedTradeListings(db, options.now);
  return { seeded: true, ms: performance.now() - started, counts };
}
