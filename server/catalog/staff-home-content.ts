import { sql, type Kysely } from 'kysely';
import { HOT_WORD_MSG, PINNED_WORDS_MAX } from '../../api/protocol/hot-words.ts';
import * as homeContent from '../../api/protocol/staff/home-content.ts';
import type { StaffHotWord } from '../../api/protocol/staff/home-content.ts';
import type { Database } from '../db/schema.ts';
import { handleStaff, staffOk, staffRefuse, type StaffCallDefinition } from '../staff/index.ts';

/**
 * 首页内容 for operators (api/protocol/staff/home-content.ts): the search page's 热门搜索. A pinned
 * word comes first in its place (hot_search_words.pinned, migration 0030); the players' call
 * (getHotSearch, server/catalog/games.ts) reads the table on every call, so a change shows at once.
 */

type Db = Kysely<Database>;

/** Pin changes of two operators are made one after the other (places stay 1..n without gaps). */
const HOT_WORDS_LOCK = 270_402;
const lockWords = (db: Db) => sql`select pg_advisory_xact_lock(${HOT_WORDS_LOCK})`.execute(db);

const LISTED = 100;

async function hotWordList(db: Db): Promise<StaffHotWord[]> {
  return db.selectFrom('hot_search_words').select(['word', 'hits', 'pinned']).orderBy(sql`pinned asc nulls last`).orderBy('hits', 'desc').orderBy('word').limit(LISTED).execute();
}

async function pinnedWords(db: Db): Promise<string[]> {
  return (await db.selectFrom('hot_search_words').select('word').where('pinned', 'is not', null).orderBy('pinned').execute()).map((r) => r.word);
}

/** Gives the pinned words their places 1..n in this order. */
async function placeWords(db: Db, words: readonly string[]): Promise<void> {
  for (const [i, word] of words.entries()) await db.updateTable('hot_search_words').set({ pinned: i + 1 }).where('word', '=', word).execute();
}

export const staffHomeContentCalls: StaffCallDefinition[] = [
  handleStaff(homeContent.hotWords, async (ctx) => staffOk({ list: await hotWordList(ctx.db) })),

  handleStaff(homeContent.pinHotWord, async (ctx) => {
    await lockWords(ctx.db);
    const { word } = ctx.input;
    const before = await ctx.db.selectFrom('hot_search_words').select(['word', 'hits', 'pinned']).where('word', '=', word).executeTakeFirst();
    if (before && before.pinned !== null) return staffRefuse(HOT_WORD_MSG.alreadyPinned);
    const pinned = await pinnedWords(ctx.db);
    if (pinned.length >= PINNED_WORDS_MAX) return staffRefuse(HOT_WORD_MSG.tooMany);
    const place = pinned.length + 1;
    if (before) await ctx.db.updateTable('hot_search_words').set({ pinned: place }).where('word', '=', word).execute();
    else await ctx.db.insertInto('hot_search_words').values({ word, hits: 0, pinned: place }).execute();
    await ctx.audit('homeContent.pinHotWord', `hot_word:${word}`, before ?? null, { word, hits: before?.hits ?? 0, pinned: place });
    return staffOk({ list: await hotWordList(ctx.db) }, HOT_WORD_MSG.added);
  }),

  handleStaff(homeContent.unpinHotWord, async (ctx) => {
    await lockWords(ctx.db);
    const { word } = ctx.input;
    const before = await ctx.db.selectFrom('hot_search_words').select(['word', 'hits', 'pinned']).where('word', '=', word).executeTakeFirst();
    if (!before || before.pinned === null) return staffRefuse(HOT_WORD_MSG.missing);
    await ctx.db.updateTable('hot_search_words').set({ pinned: null }).where('word', '=', word).execute();
    await placeWords(ctx.db, await pinnedWords(ctx.db));
    await ctx.audit('homeContent.unpinHotWord', `hot_word:${word}`, before, { ...before, pinned: null });
    return staffOk({ list: await hotWordList(ctx.db) }, HOT_WORD_MSG.unpinned);
  }),

  handleStaff(homeContent.removeHotWord, async (ctx) => {
    await lockWords(ctx.db);
    const { word } = ctx.input;
    const before = await ctx.db.selectFrom('hot_search_words').select(['word', 'hits', 'pinned']).where('word', '=', word).executeTakeFirst();
    if (!before) return staffRefuse(HOT_WORD_MSG.missing);
    await ctx.db.deleteFrom('hot_search_words').where('word', '=', word).execute();
    if (before.pinned !== null) await placeWords(ctx.db, await pinnedWords(ctx.db));
    await ctx.audit('homeContent.removeHotWord', `hot_word:${word}`, before, null);
    return staffOk({ list: await hotWordList(ctx.db) }, HOT_WORD_MSG.removed);
  }),

  handleStaff(homeContent.orderHotWords, async (ctx) => {
    await lockWords(ctx.db);
    const before = await pinnedWords(ctx.db);
    const wanted = ctx.input.words;
    // Exactly the pinned words: a list read before another operator's change is refused, never half applied.
    if (wanted.length !== before.length || !wanted.every((word) => before.includes(word))) return staffRefuse(HOT_WORD_MSG.orderStale);
    await placeWords(ctx.db, wanted);
    await ctx.audit('homeContent.orderHotWords', 'hot_words:pinned', { words: before }, { words: wanted });
    return staffOk({ list: await hotWordList(ctx.db) }, HOT_WORD_MSG.ordered);
  }),
];
