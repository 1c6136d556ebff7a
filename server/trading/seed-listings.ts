import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { feeOf, netOf } from '../../api/protocol/trade-rules.ts';
import { shotUrl } from '../catalog/index.ts';
import type { Database } from '../db/schema.ts';
import { DAY_MS } from './listings.ts';
import { tradeSettings } from './settings.ts';

/**
 * The /circle feed of a fresh installation: on-sale listings of several catalogue games
 * by four seeded sellers (phones 1700000000x, nobody's real number range for the tests). Their
 * screenshots are the catalogue's own screenshot art of the game (/art/shot/…, served by this
 * server; the listing's images column holds those paths, which the views pass through as they
 * are — docs/decisions.md "listings (S1)"). Idempotent: once the first seller exists
 * nothing is added; the listings are relative to `now` (ages, on-sale times, expiry).
 */

export const SEED_SELLERS = [
  { phone: '17000000001', nickname: '星辰大海' },
  { phone: '17000000002', nickname: '阿飞爱游戏' },
  { phone: '17000000003', nickname: '小鱼干不咸' },
  { phone: '17000000004', nickname: '夜半听风雨' },
] as const;

interface SeedListing {
  title: string;
  role: string;
  server: string;
  description: string;
  price: number;
  ageDays: number;
  topup: number;
  /** Hours since it went on sale. */
  hoursAgo: number;
  shots: number;
}

/** {game} is the game's name (a short prefix of it keeps titles within 30 characters). */
const LISTINGS: SeedListing[] = [
  { title: '{game} 满级战神 全身橙装', role: '战无不胜', server: '1服', description: '角色满级，全身橙装+3，坐骑两只，背包材料很多。\n因工作忙没时间玩，低价出。', price: 32_800, ageDays: 96, topup: 128_800, hoursAgo: 2, shots: 4 },
  { title: '{game} 开服老号 VIP8', role: '云中君', server: '3服', description: 'VIP8，开服第一天建号，首充和月卡都买了。', price: 8_800, ageDays: 61, topup: 35_600, hoursAgo: 5, shots: 3 },
  { title: '{game} 战力榜前十 稀有时装', role: '青衫客', server: '2服', description: '区服战力榜前十，限定时装三套，宠物满星。', price: 128_000, ageDays: 150, topup: 520_000, hoursAgo: 9, shots: 4 },
  { title: '{game} 新手号 首充已领', role: '小白兔兔', server: '5服', description: '刚玩一周，首充礼包已领，适合想快速起步的玩家。', price: 1_200, ageDays: 9, topup: 3_000, hoursAgo: 12, shots: 2 },
  { title: '{game} 月卡号 资源囤满', role: '北冥有鱼', server: '1服', description: '连续三个月月卡，钻石和体力药囤了很多，未消耗。', price: 4_500, ageDays: 92, topup: 9_000, hoursAgo: 20, shots: 3 },
  { title: '{game} 双神兽 公会会长', role: '风起长安', server: '4服', description: '公会会长号，双神兽，可转让公会。\n二级密码购买后可见。', price: 56_600, ageDays: 120, topup: 210_000, hoursAgo: 26, shots: 4 },
  { title: '{game} 零氪满级 肝帝号', role: '肝到天亮', server: '2服', description: '纯肝号，满级，日常全勤，性价比高。', price: 2_600, ageDays: 45, topup: 3_000, hoursAgo: 31, shots: 2 },
  { title: '{game} 限定坐骑 全图鉴', role: '千山暮雪', server: '6服', description: '收集党出号：全图鉴，限定坐骑五只。', price: 19_900, ageDays: 200, topup: 66_800, hoursAgo: 40, shots: 3 },
  { title: '{game} 高V号 多角色', role: '剑指苍穹', server: '1服', description: 'VIP12，三个职业角色都已满级，换区不玩了。', price: 88_000, ageDays: 240, topup: 388_800, hoursAgo: 52, shots: 4 },
  { title: '{game} 竞技场王者 段位高', role: '一念成魔', server: '7服', description: '竞技场王者段位，赛季奖励已领取。', price: 15_800, ageDays: 75, topup: 48_000, hoursAgo: 60, shots: 3 },
  { title: '{game} 平民精品 性价比', role: '清风徐来', server: '3服', description: '平民玩家精品号，主力阵容成型，适合入坑。', price: 980, ageDays: 30, topup: 6_800, hoursAgo: 72, shots: 2 },
  { title: '{game} 全服唯一称号', role: '天下第一', server: '1服', description: '全服唯一称号「天下第一」，有截图为证。', price: 66_600, ageDays: 180, topup: 300_000, hoursAgo: 85, shots: 4 },
  { title: '{game} 养成号 宠物满级', role: '喵了个咪', server: '8服', description: '宠物全部满级，养成资源充足。', price: 3_600, ageDays: 40, topup: 12_000, hoursAgo: 100, shots: 3 },
  { title: '{game} 开服冲榜号', role: '破晓之光', server: '9服', description: '新区冲榜号，等级领先，装备齐全。', price: 7_200, ageDays: 14, topup: 26_800, hoursAgo: 130, shots: 2 },
  { title: '{game} 土豪号 全满配', role: '金玉满堂', server: '2服', description: '全满配置，充值记录可查，诚心出售。', price: 199_900, ageDays: 320, topup: 880_000, hoursAgo: 160, shots: 4 },
  { title: '{game} 休闲号 外观全', role: '花间一壶酒', server: '5服', description: '外观党，时装、发型、特效基本收齐。', price: 5_500, ageDays: 66, topup: 18_800, hoursAgo: 200, shots: 3 },
];

const fitTitle = (template: string, game: string): string => {
  const rest = template.replace('{game}', '');
  const room = 30 - Array.from(rest).length;
  return `${Array.from(game).slice(0, Math.max(2, room)).join('')}${rest}`;
};

export async function seedTradeListings(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const exists = await db.selectFrom('users').select('id').where('phone', '=', SEED_SELLERS[0].phone).executeTakeFirst();
  if (exists) return 0;
  // Games with screenshots, spread over the catalogue (every 7th online game with a platform entry).
  const games = await db
    .selectFrom('platform_games as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select(['p.id as platform_game_id', 'g.id as game_id', 'g.name', 'g.icon_key'])
    .where('g.online_at', '<=', now)
    .where((eb) => eb.exists(eb.selectFrom('game_screenshots as s').select('s.game_id').whereRef('s.game_id', '=', 'g.id')))
    .orderBy('g.featured_rank')
    .orderBy('p.id')
    .limit(6)
    .execute();
  if (games.length === 0) return 0;
  const settings = await tradeSettings(db);
  return db.transaction().execute(async (trx) => {
    const sellers: number[] = [];
    for (const [i, seller] of SEED_SELLERS.entries()) {
      const row = await trx
        .insertInto('users')
        .values({ uuid: randomUUID(), phone: seller.phone, nickname: seller.nickname, avatar: '', password_hash: null, bd_vid: null, created_at: new Date(now.getTime() - (400 - i * 30) * DAY_MS), last_active_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      sellers.push(row.id);
    }
    let count = 0;
    for (const [i, item] of LISTINGS.entries()) {
      const game = games[i % games.length]!;
      const sellerId = sellers[i % sellers.length]!;
      const shots = await trx.selectFrom('game_screenshots').select('position').where('game_id', '=', game.game_id).orderBy('position').execute();
      const images = shots.slice(0, item.shots).map((s) => shotUrl(game.icon_key, s.position));
      const created = new Date(now.getTime() - item.ageDays * DAY_MS);
      const sub = await trx
        .insertInto('game_sub_accounts')
        .values({ user_id: sellerId, game_id: game.game_id, platform_game_id: game.platform_game_id, name: `小号${i + 1}`, total_topup_cents: item.topup, created_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('sim_game_roles').values({ sub_account_id: sub.id, server_name: item.server, role_name: item.role, balance_cents: item.topup, created_at: created }).execute();
      const onSale = new Date(now.getTime() - item.hoursAgo * 3_600_000);
      const listing = await trx
        .insertInto('trade_listings')
        .values({
          user_id: sellerId,
          sub_account_id: sub.id,
          game_id: game.game_id,
          platform_game_id: game.platform_game_id,
          status: 'on_sale',
          title: fitTitle(item.title, game.name),
          server_name: item.server,
          role_name: item.role,
          description: item.description,
          images: JSON.stringify(images),
          price_cents: item.price,
          fee_cents: feeOf(item.price, settings.fee),
          net_cents: netOf(item.price, settings.fee),
          created_at: new Date(onSale.getTime() - 3 * 3_600_000),
          updated_at: onSale,
          submitted_at: new Date(onSale.getTime() - 3 * 3_600_000),
          reviewed_at: onSale,
          on_sale_at: onSale,
          expires_at: new Date(onSale.getTime() + settings.listing_ttl_days * DAY_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('game_sub_accounts').set({ frozen_listing_id: listing.id }).where('id', '=', sub.id).execute();
      count++;
    }
    return count;
  });
}
