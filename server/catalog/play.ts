import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { startPlay, type PlayGrant, type PlayRefusal } from '../../api/protocol/calls/real-name.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { artUrl, escapeXml } from '../catalog/art.ts';
import { h5PlayUrl } from '../catalog/packages.ts';
import type { Database } from '../db/schema.ts';
import type { KvStore } from '../kv-store.ts';
import type { HolidaySource } from '../holidays/index.ts';
import { MINORS_MSG, playAllowed, protectionSubject } from '../minors.ts';
import { recordTaskEvent, TASK_EVENTS } from '../tasks/index.ts';

/**
 * Online play (H5 games, /zaixianwan) is a session the server grants: startPlay answers the play
 * page's address with a ticket only when the minors' rules allow it (server/minors.ts), and the
 * page (/play/h5/<id>) opens only with a live ticket for that game. A minor's ticket lives until
 * 21:00 China time at most, and the grant says so (end_message): /zaixianwan ends the game at that
 * moment without waiting for a reload, and the heartbeat refuses to count or extend past it.
 */

export const PLAY_MSG = {
  notH5: '该游戏暂不支持在线玩',
  missingGame: '游戏不存在',
  notOnline: '游戏尚未上线，敬请期待',
  ticketRefused: '游戏票据已失效，请从乐玩游戏盒重新进入游戏',
} as const;

/** How long a ticket opens the play page (a reload asks startPlay again). */
export const PLAY_TICKET_TTL_MS = 10 * 60_000;

const ticketKey = (ticket: string) => `play:ticket:${createHash('sha256').update(ticket).digest('hex')}`;

interface TicketRecord {
  platformGameId: number;
  userId: number;
  /** A minor's hard end (ms): a heartbeat never extends the ticket past it. */
  until?: number;
}

/** Why startPlay refused, for the page (the message is also the answer's msg). */
const refusal = (reason: PlayRefusal['reason'], message: string) => refuse(message, { reason, message } satisfies PlayRefusal);

/** `holidays`: the app's calendar (operator's years, the package, MINORS_EXTRA_HOLIDAYS; server/holidays/store.ts). */
export const playCalls = (holidays: HolidaySource) =>
  defineCalls(
  handle(startPlay, async ({ db, kv, input, user, now }) => {
    const game = await db
      .selectFrom('platform_games as p')
      .innerJoin('games as g', 'g.id', 'p.game_id')
      .select(['p.id', 'p.is_h5', 'p.down_type', 'g.online_at'])
      .where('p.id', '=', input.platform_game_id)
      .executeTakeFirst();
    if (!game) return refusal('game', PLAY_MSG.missingGame);
    if (!game.is_h5 && game.down_type !== 2) return refusal('game', PLAY_MSG.notH5);
    if (new Date(game.online_at) > now) return refusal('game', PLAY_MSG.notOnline);
    const verdict = playAllowed(await protectionSubject(db, user.id), now, await holidays.calendar(db));
    if (!verdict.ok) return refusal(verdict.reason, verdict.message);
    const ticket = randomBytes(24).toString('base64url');
    const ttl = verdict.until ? Math.min(PLAY_TICKET_TTL_MS, verdict.until.getTime() - now.getTime()) : PLAY_TICKET_TTL_MS;
    const record: TicketRecord = { platformGameId: game.id, userId: user.id, ...(verdict.until ? { until: verdict.until.getTime() } : {}) };
    await kv.set(ticketKey(ticket), JSON.stringify(record), ttl);
    const grant: PlayGrant = {
      url: `${h5PlayUrl(game.id)}?ticket=${ticket}`,
      until: (verdict.until ?? new Date(now.getTime() + PLAY_TICKET_TTL_MS)).toISOString(),
      age_band: verdict.band,
      // A minor's window closes at `until`: the play page ends the game then, with the rule a
      // new startPlay would answer at that moment (the heartbeat refuses past it too).
      end_message: verdict.until ? MINORS_MSG.playOutsideHours : null,
    };
    return ok(grant);
  }),
);

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title}</title><style>body{margin:0;font-family:sans-serif;background:#111;color:#fff;text-align:center}img{width:100%;display:block}p{padding:0 16px;color:#ccc}</style></head>` +
    `<body>${body}</body></html>`
  );
}

async function readTicket(kv: KvStore, ticket: unknown): Promise<TicketRecord | null> {
  if (typeof ticket !== 'string' || !/^[A-Za-z0-9_-]{32}$/.test(ticket)) return null;
  const stored = await kv.get(ticketKey(ticket));
  if (!stored) return null;
  try {
    return JSON.parse(stored) as TicketRecord;
  } catch {
    return null;
  }
}

/** The H5 play page, a page the server draws itself; only with a live ticket for this game. */
export function registerPlayPage(app: FastifyInstance, db: Kysely<Database>, kv: KvStore, now: () => number = Date.now): void {
  registerPlayHeartbeat(app, db, kv, now);
  app.get<{ Params: { id: string }; Querystring: { ticket?: unknown } }>('/play/h5/:id', async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    const game = Number.isNaN(id)
      ? undefined
      : await db
          .selectFrom('platform_games as p')
          .innerJoin('games as g', 'g.id', 'p.game_id')
          .select(['g.id', 'g.name', 'g.short_desc', 'g.banner_key', 'p.is_h5'])
          .where('p.id', '=', id)
          .executeTakeFirst();
    if (!game || !game.is_h5) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    reply.header('cache-control', 'private, no-store');
    reply.header('content-security-policy', "default-src 'self'; style-src 'unsafe-inline'");
    reply.header('referrer-policy', 'no-referrer');
    const ticket = await readTicket(kv, request.query.ticket);
    if (!ticket || ticket.platformGameId !== id) {
      return reply.status(403).type('text/html; charset=utf-8').send(page('在线玩', `<p>${PLAY_MSG.ticketRefused}</p>`));
    }
    const name = escapeXml(game.name);
    return reply
      .type('text/html; charset=utf-8')
      .send(page(name, `<img src="${artUrl('banner', game.banner_key)}" alt="${name}"><h1>${name}</h1><p>${escapeXml(game.short_desc)}</p><p>游戏资源加载中…</p><script src="${PLAY_BEAT_SCRIPT_PATH}" defer></script>`));
  });
}

// ---- Play time (the task 在线玩 H5 游戏 N 分钟, counted by the server) ----

/** The play page beats once a minute; each beat counts at most one minute. */
export const PLAY_BEAT_INTERVAL_MS = 60_000;
/** A beat counts when at least this long has passed since the last counted one (network jitter). */
export const PLAY_BEAT_MIN_GAP_MS = 55_000;
export const PLAY_BEAT_SCRIPT_PATH = '/play/h5-beat.js';

const beatKey = (ticket: string) => `play:beat:${createHash('sha256').update(ticket).digest('hex')}`;

interface BeatRecord {
  /** When the last minute was counted (or the first beat arrived), ms. */
  last: number;
  /** Minutes counted on this ticket. */
  minutes: number;
}

/** The play page's heartbeat script: served from 'self' (the page's CSP allows no inline script). */
const BEAT_SCRIPT = `(function(){var q=new URLSearchParams(location.search).get('ticket');var m=location.pathname.match(/\\/play\\/h5\\/(\\d+)/);if(!q||!m)return;
var t;function beat(){fetch('/play/h5/'+m[1]+'/beat',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({ticket:q})}).then(function(r){return r.json();}).then(function(a){if(a.code!==1)clearInterval(t);}).catch(function(){});}
beat();t=setInterval(beat,${PLAY_BEAT_INTERVAL_MS});})();`;

/**
 * POST /play/h5/<id>/beat {ticket}: the server counts play minutes from its own clock. The first
 * beat of a ticket starts the count; a later beat at least PLAY_BEAT_MIN_GAP_MS after the last
 * counted one adds ONE minute (a long gap is still one minute: no back-dated play), as the task
 * event h5_play_minute with source_ref play:<ticket hash>:<n> — two beats racing count once. A
 * counted beat extends the ticket (never past a minor's end of play). A refused beat answers 200
 * with code -1 (no console error in the play page) and the script stops beating.
 */
function registerPlayHeartbeat(app: FastifyInstance, db: Kysely<Database>, kv: KvStore, now: () => number): void {
  app.get(PLAY_BEAT_SCRIPT_PATH, (request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(BEAT_SCRIPT));
  app.post<{ Params: { id: string }; Body: unknown }>('/play/h5/:id/beat', async (request, reply) => {
    const body = request.body as { ticket?: unknown } | null;
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    const ticket = await readTicket(kv, body?.ticket);
    reply.header('cache-control', 'no-store');
    if (!ticket || ticket.platformGameId !== id) return reply.send({ code: -1, msg: PLAY_MSG.ticketRefused, data: null });
    const at = now();
    const key = beatKey(body!.ticket as string);
    const stored = await kv.get(key);
    const record: BeatRecord | null = stored ? (JSON.parse(stored) as BeatRecord) : null;
    const ttl = ticket.until ? Math.min(PLAY_TICKET_TTL_MS, ticket.until - at) : PLAY_TICKET_TTL_MS;
    if (ttl <= 0) return reply.send({ code: -1, msg: PLAY_MSG.ticketRefused, data: null });
    if (!record) {
      await kv.set(key, JSON.stringify({ last: at, minutes: 0 } satisfies BeatRecord), ttl + PLAY_BEAT_INTERVAL_MS);
      return reply.send({ code: 1, msg: 'ok', data: { minutes: 0, counted: false } });
    }
    if (at - record.last < PLAY_BEAT_MIN_GAP_MS) return reply.send({ code: 1, msg: 'ok', data: { minutes: record.minutes, counted: false } });
    const minute = record.minutes + 1;
    const game = await db.selectFrom('platform_games').select('game_id').where('id', '=', id).executeTakeFirst();
    const counted = await recordTaskEvent(db, { userId: ticket.userId, event: TASK_EVENTS.h5PlayMinute, sourceRef: `play:${key.slice(-32)}:${minute}`, gameId: game?.game_id ?? null }, new Date(at));
    await kv.set(key, JSON.stringify({ last: at, minutes: minute } satisfies BeatRecord), ttl + PLAY_BEAT_INTERVAL_MS);
    await kv.set(ticketKey(body!.ticket as string), JSON.stringify(ticket), ttl);
    return reply.send({ code: 1, msg: 'ok', data: { minutes: minute, counted } });
  });
}
