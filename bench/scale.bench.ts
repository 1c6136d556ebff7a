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
 * queries, not the machine. /circle's feed (getListings) is asked over 100 k listings on sale, added
 * with the first size (a sub-account each, of the synthetic players).
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a database is created and dropped).
 * Run: npm run bench:scale                      (1 M orders; ≈2 min)
 *      BENCH_SCALE_ORDERS=1000000,10000000 …    (the sizes, ascending; 10 M takes ≈10 min more)
 *      BENCH_SCALE_PLAN=1                        also print EXPLAIN ANALYZE of the list query at each size
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

try {
  await migrateToLatest(db);
  await seedContent(db);
  for (const domain of MODULES) await domain.seed?.(db, config);
  app = await buildApp({ config, db, kv });
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

  const CALLS: ReadonlyArray<{ label: string; path: string; payload: Fields }> = [
    { label: 'getMyOrders page 1', path: '/api/order/getMyOrders', payload: { page: 1, limit: 10 } },
    { label: 'getMyOrders page 50', path: '/api/order/getMyOrders', payload: { page: 50, limit: 10 } },
    { label: "getUserOrders (one game's)", path: '/api/order/getUserOrders', payload: { platform_game_id: game.platform_game_id, page: 1, limit: 10 } },
    { label: 'getInMoney page 1', path: '/api/user/getInMoney', payload: { page: 1, limit: 10 } },
    { label: 'getInMoney page 50', path: '/api/user/getInMoney', payload: { page: 50, limit: 10 } },
    { label: 'getListings (/circle) page 1', path: '/api/trade/getListings', payload: { page: 1, limit: 10 } },
    { label: 'getListings (/circle) page 20', path: '/api/trade/getListings', payload: { page: 20, limit: 10 } },
  ];

  async function measure(): Promise<number[][]> {
    const rows: number[][] = [];
    for (const target of CALLS) {
      const times: number[] = [];
      for (let i = 0; i < ASKS + 3; i++) {
        const started = performance.now();
        const got = await call(target.path, target.payload, player);
        const elapsed = performance.now() - started;
        if (got.code !== 1) throw new Error(`${target.label}: ${got.code} ${got.msg}`);
        if (i >= 3) times.push(elapsed);
      }
      rows.push([median(times), percentile(times, 95)]);
    }
    return rows;
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
