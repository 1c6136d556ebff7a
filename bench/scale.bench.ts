/**
 * Data-scale benchmark: what a player's order list costs as the orders table grows. A PostgreSQL
 * database is created, migrated and seeded as `npm start` seeds one, the app is built on it in this
 * process, and one player signs up through the calls. Then, at each size, the orders table is grown
 * with SQL in the app's own shape (other players' orders, spread over 100 k synthetic players, plus
 * 5,000 of the measured player's own), VACUUM ANALYZEd, and each call is asked 40 times through the whole
 * wire pipeline (signed, sealed, decoded): p50 and p95 beside the seeded baseline of the same run.
 *
 * The calls: getMyOrders (first page and page 50), getUserOrders (one game's orders), getInMoney
 * (the ledger's credits; the ledger grows with the orders: one movement of two entries per order,
 * 5,000 of them the player's). Every figure is one client's latency, so the ratios compare the
 * queries, not the machine. With the first size come 100 k listings on sale (a sub-account each, of
 * the synthetic players) for /circle's feed (getListings), 36 k games for the search (a name, a full
 * pinyin, initials, a word nothing matches) and the game list (first page, and the page 10 from its
 * end), and 1 M messages and 1 M downloads for the message list and the unread counts. The read
 * cache is off: every ask pays what a cache miss pays.
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a database is created and dropped).
 * Run: npm run bench:scale                      (1 M orders; ≈2 min)
 *      BENCH_SCALE_ORDERS=1000000,10000000 …    (the sizes, ascending; 10 M takes ≈10 min more)
 *      BENCH_SCALE_PLAN=1                        also print EXPLAIN ANALYZE of the list query at each size, and of
 *                                                the slowest statement of the search, game-list, /circle and message calls
 *      BENCH_SCALE_COMPARE=1                     at each size, also measure with the per-player index as it
 *                                                was before migration 0026 ((user_id, created_at)), in the same run
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { decodeResponse, DEV_SECRETS, encodeRequestBody, signRequest, type Credentials, type Fields } from '../api/protocol/wire.ts';
import { buildApp, MODULES } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { seedContent } from '../server/db/seed-content.ts';
import { GENRES } from '../server/catalog/vocabulary.ts';
import { MemoryKvStore } from '../server/kv-store.ts';
import { nodeCrypto } from '../server/wire-crypto.ts';
import { median, percentile, uniqueTimestamp } from './support.ts';

const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!base) {
  console.log('bench:scale needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(0);
}
const SIZES = (process.env.BENCH_SCALE_ORDERS || '1000000').split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
const ASKS = 40;
const OWN_ORDERS = 5_000;
const OTHER_PLAYERS = 100_000;
/** The catalogue grows to this many games (the seeded ones × name suffixes); messages and downloads to these counts. */
const GAMES = 36_000;
const MESSAGES = 1_000_000;
const OWN_MESSAGES = 2_000;
const BROADCASTS = 200;
const DOWNLOADS = 1_000_000;

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const name = `bench_scale_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${name}`);
const config = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', SMS_IP_HOURLY_LIMIT: '1000000', SMS_IP_DAILY_LIMIT: '1000000' });
const database = await openDatabase({ url: withDatabase(base, name), poolSize: 4 });
const db = database.db;
const raw = new pg.Client({ connectionString: withDatabase(base, name) });
const kv = new MemoryKvStore();
let app: Awaited<ReturnType<typeof buildApp>> | null = null;
let captured: Array<{ sql: string; parameters: readonly unknown[] }> | null = null;

try {
  await migrateToLatest(db);
  await seedContent(db);
  for (const domain of MODULES) await domain.seed?.(db, config);
  // The read cache (server/db/read-cache.ts) would answer 39 of 40 identical asks from memory: the
  // app here runs on a handle the cache does not know, so every ask pays what a miss pays.
  // BENCH_SCALE_PLAN also keeps the statements of the call being planned (planCalls below).
  app = await buildApp({
    config,
    db: db.withPlugin({
      transformQuery: (args) => {
        if (captured) captured.push(db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    }),
    kv,
  });
  await raw.connect();
  const server = app;

  /** One call through the wire pipeline, as the app's client sends it. */
  async function call(path: string, payload: Fields, credentials: Credentials | null = null): Promise<{ code: number; msg: string; data: unknown }> {
    const signed = signRequest(payload, { path, timestamp: uniqueTimestamp(), credentials, secrets: DEV_SECRETS, crypto: nodeCrypto });
    const body = encodeRequestBody(path, signed, { encrypt: true, secrets: DEV_SECRETS, crypto: nodeCrypto });
    const res = await server.inject({ method: 'POST', url: path, headers: { 'content-type': body.contentType }, payload: body.body });
    const decoded = decodeResponse(res.body, { secrets: DEV_SECRETS, crypto: nodeCrypto });
    if (!decoded.ok) throw new Error(`${path}: unreadable answer (${res.statusCode})`);
    return decoded.response as { code: number; msg: string; data: unknown };
  }

  const phone = '13700000001';
  await call('/api/login/sendCode', { phone, type: '1' });
  const code = (JSON.parse((await server.inject({ method: 'GET', url: `/dev/sms/${phone}` })).body) as { code: string }).code;
  const signedUp = await call('/api/login/trendRegister', { account: phone, phone_code: code, agree_agreement: 1 });
  const answer = signedUp.data as { token: string; user_uuid: string };
  const player: Credentials = { token: answer.token, uuid: answer.user_uuid };
  const me = (await raw.query<{ id: number }>('select id from users where phone = $1', [phone])).rows[0]!.id;
  const game = (await raw.query<{ game_id: number; platform_game_id: number; name: string }>('select g.id as game_id, p.id as platform_game_id, g.name from games g join platform_games p on p.game_id = g.id order by g.id limit 1')).rows[0]!;

  const seededGame = (await raw.query<{ name: string; name_pinyin: string; name_initials: string }>('select name, name_pinyin, name_initials from games order by id limit 1')).rows[0]!;
  const CALLS: ReadonlyArray<{ label: string; path: string; payload: Fields }> = [
    { label: 'getMyOrders page 1', path: '/api/order/getMyOrders', payload: { page: 1, limit: 10 } },
    { label: 'getMyOrders page 50', path: '/api/order/getMyOrders', payload: { page: 50, limit: 10 } },
    { label: "getUserOrders (one game's)", path: '/api/order/getUserOrders', payload: { platform_game_id: game.platform_game_id, page: 1, limit: 10 } },
    { label: 'getInMoney page 1', path: '/api/user/getInMoney', payload: { page: 1, limit: 10 } },
    { label: 'getInMoney page 50', path: '/api/user/getInMoney', payload: { page: 50, limit: 10 } },
    { label: 'getListings (/circle) page 1', path: '/api/trade/getListings', payload: { page: 1, limit: 10 } },
    { label: 'getListings (/circle) page 20', path: '/api/trade/getListings', payload: { page: 20, limit: 10 } },
    { label: 'search: name (2 characters)', path: '/api/game/getSearchGames', payload: { keyword: Array.from(seededGame.name).slice(0, 2).join(''), page: 1, limit: 10 } },
    { label: 'search: full pinyin', path: '/api/game/getSearchGames', payload: { keyword: seededGame.name_pinyin, page: 1, limit: 10 } },
    { label: 'search: initials', path: '/api/game/getSearchGames', payload: { keyword: seededGame.name_initials, page: 1, limit: 10 } },
    { label: 'search: no match', path: '/api/game/getSearchGames', payload: { keyword: '不存在的游戏', page: 1, limit: 10 } },
    { label: 'getGameList page 1 (hot)', path: '/api/game/getGameList', payload: { page: 1, limit: 10 } },
    { label: 'getGameList deep page (hot)', path: '/api/game/getGameList', payload: { page: 'DEEP', limit: 10 } },
    { label: 'getMessageList page 1', path: '/api/user/getMessageList', payload: { page: 1, limit: 10 } },
    { label: 'getMessageList page 50', path: '/api/user/getMessageList', payload: { page: 50, limit: 10 } },
    { label: 'getUnreadNotice', path: '/api/user/getUnreadNotice', payload: {} },
  ];
  /** The deep page: 10 from the end of the online hot list, at whatever size the catalogue has. */
  async function deepPage(): Promise<number> {
    const online = Number((await raw.query<{ n: string }>('select count(*) as n from games where online_at <= now()')).rows[0]!.n);
    return Math.max(1, Math.ceil(online / 10) - 10);
  }

  async function measure(): Promise<number[][]> {
    const rows: number[][] = [];
    const deep = await deepPage();
    for (const target of CALLS) {
      const times: number[] = [];
      const payload = target.payload.page === 'DEEP' ? { ...target.payload, page: deep } : target.payload;
      for (let i = 0; i < ASKS + 3; i++) {
        const started = performance.now();
        const got = await call(target.path, payload, player);
        const elapsed = performance.now() - started;
        if (got.code !== 1) throw new Error(`${target.label}: ${got.code} ${got.msg}`);
        if (i >= 3) times.push(elapsed);
      }
      rows.push([median(times), percentile(times, 95)]);
    }
    return rows;
  }

  /** EXPLAIN ANALYZE of each call's slowest statement (asked once, its reads planned again as the app sent them). */
  async function planCalls() {
    const deep = await deepPage();
    for (const target of CALLS.filter((c) => /search: (name|full)|deep|getListings \(\/circle\) page 1|getMessageList page 1|getUnreadNotice/.test(c.label))) {
      captured = [];
      await call(target.path, target.payload.page === 'DEEP' ? { ...target.payload, page: deep } : target.payload, player);
      const reads = captured.filter((q) => /^\s*(select|with)\b/i.test(q.sql) && !/\b(insert|update|delete)\b/i.test(q.sql));
      captured = null;
      let slowest: { ms: number; plan: string } | null = null;
      for (const q of reads) {
        const rows = (await raw.query(`explain (analyze) ${q.sql}`, [...q.parameters])).rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
        const ms = Number(/Execution Time: ([\d.]+)/.exec(rows.at(-1) ?? '')?.[1] ?? 0);
        if (!slowest || ms > slowest.ms) slowest = { ms, plan: rows.join('\n') };
      }
      console.log(`\nplan: ${target.label} (slowest of ${reads.length} reads)\n${slowest?.plan ?? '(none)'}`);
    }
  }

  /** Grows the orders table to `total` rows: the player's own first (once), the rest other players'. */
  async function growTo(total: number, ownDone: boolean) {
    if (!ownDone) {
      await raw.query(
        `insert into orders (order_number, user_id, kind, subject, game_id, platform_game_id, game_name, amount_cents, pay_cents, status, created_at, updated_at)
         select 'B' || lpad(n::text, 18, '0'), $1, case when n % 3 = 0 then 'coins' else 'game' end, '充值', $2, $3, $4, 600, 600,
                case n % 4 when 0 then 'delivered' when 1 then 'paid' when 2 then 'expired' else 'delivered' end,
                now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
         from generate_series(1, $5) n`,
        [me, game.game_id, game.platform_game_id, game.name, OWN_ORDERS],
      );
      await raw.query(
        `insert into users (uuid, phone, nickname, avatar, created_at)
         select md5('bench' || n), '199' || lpad(n::text, 8, '0'), '玩家' || n, '', now() from generate_series(1, $1) n`,
        [OTHER_PLAYERS],
      );
      // Every player's 乐玩币 account (the player's own may exist already), and the player's movements.
      await raw.query(`insert into ledger_accounts (user_id, kind) select id, 'coins' from users where not exists (select 1 from ledger_accounts a where a.user_id = users.id and a.kind = 'coins')`);
      await moveCoins(`select $1::int as user_id, n from generate_series(1, ${OWN_ORDERS}) n`, [me], 'own');
      // /circle: 100 k listings on sale (reserved every 50th), each with its own sub-account.
      await raw.query(
        `insert into game_sub_accounts (user_id, game_id, platform_game_id, name, created_at)
         select id, $1, $2, 'bench', now() - interval '30 days' from users where phone like '199%'`,
        [game.game_id, game.platform_game_id],
      );
      await raw.query(
        `insert into trade_listings (user_id, sub_account_id, game_id, platform_game_id, status, title, server_name, price_cents, fee_cents, net_cents, created_at, updated_at, on_sale_at, expires_at)
         select s.user_id, s.id, s.game_id, s.platform_game_id, case when s.id % 50 = 0 then 'reserved' else 'on_sale' end, '满级账号 ' || s.id, '1服',
                1000 + (s.id % 900) * 100, 500, 500 + (s.id % 900) * 100, now() - interval '10 days', now(),
                now() - ((s.id % 14400) || ' minutes')::interval, now() + interval '20 days'
         from game_sub_accounts s where s.name = 'bench'`,
      );
    }
    if (!ownDone) await growCatalogueAndInbox();
    const have = Number((await raw.query<{ n: string }>('select count(*) as n from orders')).rows[0]!.n);
    const missing = total - have;
    if (missing > 0) {
      const first = (await raw.query<{ min: number }>("select min(id) as min from users where phone like '199%'")).rows[0]!.min;
      const step = 500_000;
      for (let from = 0; from < missing; from += step) {
        const count = Math.min(step, missing - from);
        await raw.query(
          `insert into orders (order_number, user_id, kind, subject, game_id, platform_game_id, game_name, amount_cents, pay_cents, status, created_at, updated_at)
           select 'S' || lpad((n + $2)::text, 18, '0'), $3 + (n % $4), case when n % 3 = 0 then 'coins' else 'game' end, '充值', $5, $6, $7, 600, 600, 'delivered',
                  now() - ((n % 525600) || ' minutes')::interval, now()
           from generate_series(1, $1) n`,
          [count, have + from, first, OTHER_PLAYERS, game.game_id, game.platform_game_id, game.name],
        );
      }
    }
    const movements = Number((await raw.query<{ n: string }>("select count(*) as n from ledger_transactions where reference like 'bench:%'")).rows[0]!.n);
    const first = (await raw.query<{ min: number }>("select min(id) as min from users where phone like '199%'")).rows[0]!.min;
    for (let from = movements; from < total; from += 500_000) {
      const count = Math.min(500_000, total - from);
      await moveCoins(`select $1::int + (n % ${OTHER_PLAYERS}) as user_id, n + ${from} as n from generate_series(1, ${count}) n`, [first], `s${from}`);
    }
    // As autovacuum leaves a table at rest: statistics, and the visibility map index-only scans use.
    await raw.query('vacuum analyze');
  }

  /**
   * The catalogue to GAMES games in the seed's shape: every seeded game again with a name part of
   * the vocabulary appended (its pinyin and initials appended alike), its platform versions (package
   * names suffixed), categories and tags; then MESSAGES messages (OWN_MESSAGES the player's, every
   * third of those read, BROADCASTS broadcasts, the rest other players') and DOWNLOADS downloads.
   */
  async function growCatalogueAndInbox() {
    const seeded = Number((await raw.query<{ n: string }>('select count(*) as n from games')).rows[0]!.n);
    const seen = new Set<string>();
    const parts = GENRES.flatMap((g) => [...g.prefixes, ...g.suffixes]).filter((p) => !seen.has(p.text) && seen.add(p.text));
    const copies = parts.slice(0, Math.ceil((GAMES - seeded) / seeded));
    await raw.query(
      `create temp table bench_games as
       select g.id as source, s.k, g.name || s.text as name, g.name_pinyin || s.pinyin as pinyin, g.name_initials || s.initials as initials
       from games g cross join unnest($1::text[], $2::text[], $3::text[]) with ordinality as s(text, pinyin, initials, k)
       where not exists (select 1 from games x where x.name = g.name || s.text)
       order by s.k, g.id limit $4`,
      [copies.map((p) => p.text), copies.map((p) => p.pinyin), copies.map((p) => p.initials), GAMES - seeded],
    );
    await raw.query(
      `insert into games (name, name_initials, name_pinyin, short_desc, description, genre, icon_key, banner_key, licence_no, approval_no, age_rating, developer, publisher, score,
                          download_count, reserve_base, online_at, h5_url, is_overseas, is_recommend, featured_rank, created_at)
       select b.name, b.initials, b.pinyin, g.short_desc, g.description, g.genre, g.icon_key, g.banner_key, g.licence_no, g.approval_no, g.age_rating, g.developer, g.publisher, g.score,
              (g.download_count * 7 + b.k * 7919) % 3000000, g.reserve_base, g.online_at - (b.k || ' days')::interval, g.h5_url, g.is_overseas, false, null, g.created_at
       from bench_games b join games g on g.id = b.source
       on conflict (name) do nothing`,
    );
    await raw.query('alter table bench_games add column target int');
    await raw.query('update bench_games b set target = g.id from games g where g.name = b.name');
    await raw.query(
      `insert into platform_games (game_id, platform_id, name, package_name, version_name, version_code, size_bytes, down_type, is_bt, is_discount, is_h5, is_zero_point_one,
                                   discount_rate, first_recharge_rate, vip_on_login, vip_info, sort)
       select b.target, p.platform_id, p.name, p.package_name || '.b' || b.k, p.version_name, p.version_code, p.size_bytes, p.down_type, p.is_bt, p.is_discount, p.is_h5, p.is_zero_point_one,
              p.discount_rate, p.first_recharge_rate, p.vip_on_login, p.vip_info, p.sort
       from bench_games b join platform_games p on p.game_id = b.source where b.target is not null`,
    );
    await raw.query('insert into game_categories (game_id, category_id) select b.target, c.category_id from bench_games b join game_categories c on c.game_id = b.source where b.target is not null');
    await raw.query('insert into game_tags (game_id, tag_id, position) select b.target, t.tag_id, t.position from bench_games b join game_tags t on t.game_id = b.source where b.target is not null');
    const kinds = "(array['activity', 'trading', 'account_sale', 'order', 'system'])[1 + n % 5]";
    await raw.query(
      `insert into messages (kind, user_id, title, content, source_ref, created_at)
       select ${kinds}, $1, '订单消息 ' || n, '您的订单已发货', 'bench:own:' || n, now() - (n || ' minutes')::interval from generate_series(1, $2) n`,
      [me, OWN_MESSAGES],
    );
    await raw.query(
      `insert into message_states (user_id, message_id, read_at) select $1, id, now() from messages where user_id = $1 and id % 3 = 0`,
      [me],
    );
    await raw.query(
      `insert into messages (kind, user_id, title, content, source_ref, created_at)
       select ${kinds}, null, '活动公告 ' || n, '全服活动开启', 'bench:all:' || n, now() - ((n * 60) || ' minutes')::interval + interval '1 day' from generate_series(1, $1) n`,
      [BROADCASTS],
    );
    const first = (await raw.query<{ min: number }>("select min(id) as min from users where phone like '199%'")).rows[0]!.min;
    await raw.query(
      `insert into messages (kind, user_id, title, content, source_ref, created_at)
       select ${kinds}, $1 + n % $2, '交易消息 ' || n, '您的商品已上架', 'bench:other:' || n, now() - ((n % 525600) || ' minutes')::interval from generate_series(1, $3) n`,
      [first, OTHER_PLAYERS, MESSAGES - OWN_MESSAGES - BROADCASTS],
    );
    await raw.query(
      `insert into game_downloads (user_id, game_id, platform_game_id, created_at)
       with versions as (select array_agg(id order by id) as ids, array_agg(game_id order by id) as games, count(*)::int as total from platform_games)
       select $1 + n % $2, v.games[1 + n % v.total], v.ids[1 + n % v.total], now() - ((n % 525600) || ' minutes')::interval
       from versions v, generate_series(1, $3) n`,
      [first, OTHER_PLAYERS, DOWNLOADS],
    );
  }

  /** Ledger movements in the app's shape: a transaction, the player's 乐玩币 entry (+ or −) and the platform's opposite one. */
  async function moveCoins(rows: string, params: unknown[], tag: string) {
    await raw.query("insert into ledger_accounts (user_id, kind) select null, 'coins_issued' where not exists (select 1 from ledger_accounts where user_id is null and kind = 'coins_issued')");
    const platform = (await raw.query<{ id: number }>("select id from ledger_accounts where user_id is null and kind = 'coins_issued'")).rows[0]!.id;
    await raw.query(
      `with moves as (${rows}),
       tx as (
         insert into ledger_transactions (kind, reference, memo, created_at)
         select case when n % 2 = 0 then 'coins_purchase' else 'spend' end, 'bench:${tag}:' || n || ':' || user_id, '', now() - ((n % 525600) || ' minutes')::interval from moves
         returning id, reference
       ),
       parsed as (select t.id, split_part(t.reference, ':', 3)::int as n, split_part(t.reference, ':', 4)::int as user_id from tx t)
       insert into ledger_entries (transaction_id, account_id, amount, created_at)
       select p.id, a.id, case when p.n % 2 = 0 then 600 else -600 end, now() from parsed p join ledger_accounts a on a.user_id = p.user_id and a.kind = 'coins'
       union all
       select p.id, ${platform}, case when p.n % 2 = 0 then -600 else 600 end, now() from parsed p`,
      params,
    );
  }

  console.log(`bench:scale on PostgreSQL (${name}); ${ASKS} asks per call, one client, milliseconds`);
  const results: Array<{ size: string; rows: number[][] }> = [{ size: 'seeded', rows: await measure() }];
  let ownDone = false;
  for (const size of SIZES) {
    const started = performance.now();
    await growTo(size, ownDone);
    ownDone = true;
    console.log(`grew to ${size.toLocaleString('en')} orders in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    results.push({ size: `${size.toLocaleString('en')} orders`, rows: await measure() });
    if (process.env.BENCH_SCALE_COMPARE) {
      await raw.query('create index orders_user_idx on orders (user_id, created_at)');
      await raw.query('drop index orders_user_id_idx');
      await raw.query('analyze orders');
      results.push({ size: `${size.toLocaleString('en')}, index before 0026`, rows: await measure() });
      await raw.query('create index orders_user_id_idx on orders (user_id, id)');
      await raw.query('drop index orders_user_idx');
      await raw.query('analyze orders');
    }
    if (process.env.BENCH_SCALE_PLAN) await planCalls();
    if (process.env.BENCH_SCALE_PLAN) {
      const plan = await raw.query(`explain analyze select * from orders where user_id = $1 and kind <> 'trade' order by id desc limit 10 offset 490`, [me]);
      console.log(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    }
  }

  const table: Record<string, Record<string, string>> = {};
  CALLS.forEach((target, index) => {
    const baseline = results[0]!.rows[index]![0]!;
    const row: Record<string, string> = {};
    for (const result of results) {
      const [p50, p95] = result.rows[index]!;
      row[result.size] = `p50 ${p50!.toFixed(1)} p95 ${p95!.toFixed(1)}${result.size === 'seeded' ? '' : ` (${(p50! / baseline).toFixed(1)}×)`}`;
    }
    table[target.label] = row;
  });
  console.table(table);
  console.log('target (issue: cost that does not grow with the data): every p50 ≤ 15 ms and within 2× of the seeded baseline');
} finally {
  await app?.close();
  await raw.end().catch(() => undefined);
  await database.close();
  await kv.close();
  await admin(`DROP DATABASE IF EXISTS ${name}`);
}
