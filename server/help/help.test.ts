import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_MSG, FEEDBACK_DAILY_LIMIT, FEEDBACK_MSG, FEEDBACK_TEXT_MAX } from '../../api/protocol/help-rules.ts';
import type { Credentials } from '../../api/protocol/wire.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { devSmsCode, ManualClock, wireClient } from '../../tests/helpers/wire-client.ts';
import { CHINA_OFFSET_MS, DAY_MS } from '../china-time.ts';
import { FAQ } from '../db/seed-help-content.ts';
import { createArticle, createCategory, publishArticle, updateArticle } from '../help/articles.ts';
import { ANONYMISE_STEPS } from '../cancellation.ts';
import { closeFeedback, listFeedback, REPLY_MESSAGE_TITLE, replyToFeedback, type FeedbackReplyMessage } from '../help/feedback.ts';
import { FEEDBACK_IMAGE_MAX_SIDE } from '../uploads/feedback-image.ts';
import { UPLOAD_MSG } from '../uploads/avatar-image.ts';

/**
 * Help articles and feedback through the real server, on PGlite and on
 * PostgreSQL: the seeded FAQ, articles by id and slug, the activity list; the staff functions
 * sanitise on the way in; feedback rules and their messages, pictures that must be the player's
 * own unused feedback uploads, the daily limit on a simulated clock, idempotent submits, players
 * seeing only their own, replies and closing, and the races that could break any of it.
 */

// 2026-03-02 10:00 China time.
const START = Date.UTC(2026, 2, 2, 2, 0, 0);
const TEXT = '下载到一半总是失败，换了网络也一样，麻烦看看';

type Player = Credentials & { id: number };

let picture = 0;
/** A different picture every time. */
function png(width = 640, height = 480): Promise<Buffer> {
  const seed = ++picture;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (((i / 3) % width) * seed + Math.floor(i / 3 / width) * 5 + (i % 3) * 70) & 255;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

describe.each(DATABASE_KINDS)('help and feedback on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let call: ReturnType<typeof wireClient>;
  let serial = 0;
  let requests = 0;
  const db = () => server.database.db;
  const now = () => new Date(clock.current);

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    call = wireClient(server.url, clock.now);
  });
  afterAll(() => server.close());

  async function signUp(): Promise<Player> {
    const phone = `1360000${String(++serial).padStart(4, '0')}`;
    expect(await call('/api/login/sendCode', { phone, type: '1' })).toMatchObject({ code: 1 });
    const answer = await call('/api/login/trendRegister', { account: phone, phone_code: await devSmsCode(server.url, phone), agree_agreement: 1 });
    expect(answer.code).toBe(200);
    const user = await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { token: answer.data.token, uuid: answer.data.user_uuid, id: user.id };
  }

  async function uploadPicture(player: Player, purpose: 'feedback' | 'avatar' = 'feedback', bytes?: Buffer) {
    const ticket = await call('/api/upload/getUploadTos', { purpose }, player);
    expect(ticket.code).toBe(1);
    const res = await fetch(server.url + ticket.data.url, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid },
      body: new Uint8Array(bytes ?? (await png())),
    });
    const body = (await res.json()) as { code: number; msg: string; data: { key: string; url: string } };
    expect(body.code, body.msg).toBe(1);
    return body.data;
  }

  const requestId = () => `req-${kind}-${String(++requests).padStart(12, '0')}`;
  const submit = (player: Player, fields: Record<string, unknown> = {}) => call('/api/user/userOpinion', { request_id: requestId(), category: 'bug', content: TEXT, ...fields }, player);

  // ---- Articles ----

  it('getQuestion answers the seeded FAQ categories in order, each with its questions', async () => {
    const answer = await call('/api/article/getQuestion', {});
    expect(answer.code).toBe(1);
    const categories = answer.data.categories as Array<{ id: number; name: string; questions: Array<{ id: number; title: string; summary: string }> }>;
    expect(categories.map((c) => c.name)).toEqual(FAQ.map((c) => c.name));
    expect(categories.map((c) => c.questions.map((q) => q.title))).toEqual(FAQ.map((c) => c.questions.map((q) => q.title)));
    for (const category of categories) for (const question of category.questions) expect(question.summary.length).toBeGreaterThan(5);
  });

  it('getArticleInfo answers an FAQ answer by id with its category and related questions; the guide and product by slug', async () => {
    const { categories } = (await call('/api/article/getQuestion', {})).data;
    const first = categories[0];
    const answer = await call('/api/user/getArticleInfo', { id: first.questions[0].id });
    expect(answer).toMatchObject({ code: 1, data: { id: first.questions[0].id, kind: 'faq', slug: 'faq-sms-code', title: '收不到短信验证码怎么办？', category: { id: first.id, name: '账号与登录' } } });
    // The numbers are the rules' own (verification-codes.ts).
    expect(answer.data.content).toContain('<strong>4位数字</strong>，发送后5分钟内有效');
    expect(answer.data.content).toContain('每小时最多获取5次、每天最多10次');
    expect(answer.data.related.map((r: { id: number }) => r.id)).toEqual(first.questions.slice(1).map((q: { id: number }) => q.id));
    const guide = await call('/api/user/getArticleInfo', { slug: 'guide' });
    expect(guide).toMatchObject({ code: 1, data: { kind: 'guide', title: '新手指南', related: [] } });
    expect((await call('/api/user/getArticleInfo', { slug: 'product' })).data).toMatchObject({ kind: 'product', title: '产品介绍' });
    // A signed-in player reads the same.
    const player = await signUp();
    expect((await call('/api/user/getArticleInfo', { slug: 'guide' }, player)).data.id).toBe(guide.data.id);
  });

  it('getArticleInfo refuses an unknown id or slug, a bad slug, and neither', async () => {
    expect(await call('/api/user/getArticleInfo', { id: 999_999 })).toEqual({ code: -1, msg: ARTICLE_MSG.missing, data: null });
    expect(await call('/api/user/getArticleInfo', { slug: 'no-such-page' })).toEqual({ code: -1, msg: ARTICLE_MSG.missing, data: null });
    expect(await call('/api/user/getArticleInfo', { slug: '../etc' })).toEqual({ code: -1, msg: ARTICLE_MSG.badSlug, data: null });
    expect(await call('/api/user/getArticleInfo', { id: 'x' })).toEqual({ code: -1, msg: ARTICLE_MSG.missing, data: null });
    expect(await call('/api/user/getArticleInfo', {})).toEqual({ code: -1, msg: ARTICLE_MSG.needIdOrSlug, data: null });
  });

  it('getAboutUs lists the 关于我们 items', async () => {
    const about = await call('/api/down/getAboutUs', {});
    expect(about.data.items.map((item: { slug: string }) => item.slug)).toEqual(['about-company', 'about-guardian', 'about-conduct']);
  });

  it('staff functions sanitise on the way in; only published articles are served; the activity list is newest first and paged', async () => {
    const category = await createCategory(db(), { name: '测试分类', sort_order: 999 }, now());
    expect(category.ok).toBe(true);
    const categoryId = (category as { id: number }).id;
    const hostile = '<p onclick="steal()">答案<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">点我</a><a href="https://example.com">外链</a></p>';
    const created = await createArticle(db(), { kind: 'faq', category_id: categoryId, title: '  测试问题  ', content: hostile }, now());
    expect(created).toEqual({ ok: true, id: expect.any(Number) });
    const id = (created as { id: number }).id;
    const stored = await db().selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ title: '测试问题', published: false, published_at: null });
    expect(stored.content).toBe('<p>答案<img src="x" /><a>点我</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">外链</a></p>');
    // Unpublished: not served, not listed.
    expect(await call('/api/user/getArticleInfo', { id })).toMatchObject({ code: -1, msg: ARTICLE_MSG.missing });
    const published = await publishArticle(db(), id, true, now());
    expect(published).toMatchObject({ ok: true, published: true, published_at: now().toISOString() });
    expect((await call('/api/user/getArticleInfo', { id })).data.content).toBe(stored.content);
    const faq = (await call('/api/article/getQuestion', {})).data.categories;
    expect(faq.at(-1)).toMatchObject({ id: categoryId, name: '测试分类', questions: [{ id, title: '测试问题' }] });
    // An update is sanitised as well; taking it down and up again keeps the first publication time.
    expect(await updateArticle(db(), id, { content: '<p>新答案<iframe src="https://x.example"></iframe><style>*{}</style></p>' }, now())).toEqual({ ok: true, id });
    expect((await call('/api/user/getArticleInfo', { id })).data.content).toBe('<p>新答案</p>');
    clock.advance(60_000);
    expect(await publishArticle(db(), id, false, now())).toMatchObject({ ok: true, published: false });
    expect(await call('/api/user/getArticleInfo', { id })).toMatchObject({ code: -1 });
    expect(await publishArticle(db(), id, true, now())).toMatchObject({ ok: true, published_at: published.ok ? published.published_at : '' });
    // Refusals.
    expect(await createArticle(db(), { kind: 'faq', title: '无分类', content: '<p>x</p>' }, now())).toEqual({ ok: false, message: ARTICLE_MSG.categoryNeeded });
    expect(await createArticle(db(), { kind: 'faq', category_id: 999_999, title: '坏分类', content: '<p>x</p>' }, now())).toEqual({ ok: false, message: ARTICLE_MSG.categoryMissing });
    expect(await createArticle(db(), { kind: 'product', title: '只有脚本', content: '<script>alert(1)</script>' }, now())).toEqual({ ok: false, message: ARTICLE_MSG.bodyEmpty });
    expect(await createArticle(db(), { kind: 'product', title: ' ', content: '<p>x</p>' }, now())).toEqual({ ok: false, message: ARTICLE_MSG.titleEmpty });
    expect(await createArticle(db(), { kind: 'product', slug: 'guide', title: '抢标识', content: '<p>x</p>' }, now())).toEqual({ ok: false, message: ARTICLE_MSG.slugTaken });
    expect(await createArticle(db(), { kind: 'activity', title: '坏封面', content: '<p>x</p>', cover: 'javascript:alert(1)' }, now())).toEqual({ ok: false, message: ARTICLE_MSG.badCover });
    expect(await publishArticle(db(), 999_999, true, now())).toEqual({ ok: false, message: ARTICLE_MSG.missing });

    // Activities: newest publication first, paged.
    const before = (await call('/api/article/getArticleActivity', {})).data;
    expect(before).toMatchObject({ page: 1, limit: 20 });
    expect(before.list.map((a: { title: string }) => a.title)).toEqual(['首充乐玩币加赠10%', '会员等级券每月可领', '预约新游，开服不错过']);
    expect(before.list[0].cover).toMatch(/^\/art\/banner\/h\d+v1\.svg$/);
    const art = await fetch(server.url + before.list[0].cover);
    expect(art.status).toBe(200);
    expect(await art.text()).toContain('首充');
    const fresh = await createArticle(db(), { kind: 'activity', title: '新活动', summary: '摘要', content: '<p>内容</p>' }, now());
    // The seeded activities were published relative to when the test database was seeded.
    await publishArticle(db(), (fresh as { id: number }).id, true, new Date(Date.now() + DAY_MS));
    const after = (await call('/api/article/getArticleActivity', { page: 1, limit: 2 })).data;
    expect(after).toMatchObject({ total: before.total + 1, page: 1, limit: 2 });
    expect(after.list.map((a: { title: string }) => a.title)).toEqual(['新活动', '首充乐玩币加赠10%']);
    expect((await call('/api/article/getArticleActivity', { page: 2, limit: 2 })).data.list.map((a: { title: string }) => a.title)).toEqual(['会员等级券每月可领', '预约新游，开服不错过']);
    expect((await call('/api/article/getArticleActivity', { page: 9 })).data.list).toEqual([]);
    expect(await call('/api/article/getArticleActivity', { page: 0 })).toMatchObject({ code: -1, msg: '分页参数错误' });
  });

  // ---- Feedback ----

  it('userOpinion and myOpinionReply need a session', async () => {
    expect(await call('/api/user/userOpinion', { request_id: requestId(), category: 'bug', content: TEXT })).toMatchObject({ code: 105 });
    expect(await call('/api/user/myOpinionReply', {})).toMatchObject({ code: 105 });
  });

  it('refuses each broken rule with its message and stores nothing', async () => {
    const player = await signUp();
    expect(await submit(player, { request_id: 'short' })).toEqual({ code: -1, msg: FEEDBACK_MSG.badRequestId, data: null });
    expect(await submit(player, { category: 'praise' })).toEqual({ code: -1, msg: FEEDBACK_MSG.badCategory, data: null });
    expect(await submit(player, { category: undefined })).toEqual({ code: -1, msg: FEEDBACK_MSG.badCategory, data: null });
    expect(await submit(player, { content: '太卡了' })).toEqual({ code: -1, msg: FEEDBACK_MSG.textShort, data: null });
    // Ten characters once trimmed and cleaned of invisible ones: 9 + spaces + zero-width is still short.
    expect(await submit(player, { content: '  一二三四五六七八九\u200b  ' })).toEqual({ code: -1, msg: FEEDBACK_MSG.textShort, data: null });
    expect(await submit(player, { content: '好'.repeat(FEEDBACK_TEXT_MAX + 1) })).toEqual({ code: -1, msg: FEEDBACK_MSG.textLong, data: null });
    expect(await submit(player, { category: 'game_request', content: '' })).toEqual({ code: -1, msg: FEEDBACK_MSG.gameNameEmpty, data: null });
    expect(await submit(player, { category: 'game_request', game_name: '名'.repeat(31) })).toEqual({ code: -1, msg: FEEDBACK_MSG.gameNameLong, data: null });
    expect(await submit(player, { contact: 'q'.repeat(51) })).toEqual({ code: -1, msg: FEEDBACK_MSG.contactLong, data: null });
    expect(await submit(player, { images: 'feedback/abc.webp' })).toEqual({ code: -1, msg: FEEDBACK_MSG.badImages, data: null });
    expect(await submit(player, { images: ['feedback/' + '0'.repeat(32) + '.webp', 'feedback/' + '0'.repeat(32) + '.webp'] })).toEqual({ code: -1, msg: FEEDBACK_MSG.badImages, data: null });
    expect(await submit(player, { images: Array.from({ length: 5 }, (_, i) => `feedback/${String(i).repeat(32)}.webp`) })).toEqual({ code: -1, msg: FEEDBACK_MSG.tooManyImages, data: null });
    expect((await call('/api/user/myOpinionReply', {}, player)).data).toMatchObject({ list: [], total: 0 });
    expect(await db().selectFrom('feedback_day_counts').selectAll().where('user_id', '=', player.id).execute()).toEqual([]);
  });

  it('stores a submission with its pictures; a game request takes a game name and an optional note', async () => {
    const player = await signUp();
    const [a, b] = [await uploadPicture(player), await uploadPicture(player)];
    const answer = await submit(player, { category: 'recharge', content: `  ${TEXT}\r\n\r\n\r\n\r\n订单号 2026\u202e0302  `, contact: ' QQ 12345 ', images: [b.key, a.key] });
    expect(answer).toEqual({ code: 1, msg: FEEDBACK_MSG.submitted, data: { id: expect.any(Number), status: 'pending' } });
    const request = await submit(player, { category: 'game_request', game_name: ' 原神\n国际服 ', content: '' });
    expect(request.code).toBe(1);
    const list = (await call('/api/user/myOpinionReply', {}, player)).data;
    expect(list).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(list.list[0]).toMatchObject({ id: request.data.id, category: 'game_request', category_text: '求游戏', game_name: '原神 国际服', content: '', images: [], status: 'pending', status_text: '待处理', replies: [] });
    expect(list.list[1]).toEqual({
      id: answer.data.id,
      category: 'recharge',
      category_text: '充值问题',
      content: `${TEXT}\n\n订单号 20260302`,
      game_name: '',
      contact: 'QQ 12345',
      images: [b.url, a.url],
      status: 'pending',
      status_text: '待处理',
      created_at: expect.any(String),
      replies: [],
    });
    // One item by id.
    expect((await call('/api/user/myOpinionReply', { id: answer.data.id }, player)).data).toMatchObject({ total: 1, list: [{ id: answer.data.id }] });
  });

  it('a feedback picture is re-encoded whole (≤ 1600 px, WebP, no metadata) under a key of its own', async () => {
    const player = await signUp();
    const bytes = await sharp(await png(2400, 1080)).withMetadata({ exif: { IFD0: { Copyright: 'secret-place' } } }).jpeg().toBuffer();
    const first = await uploadPicture(player, 'feedback', bytes);
    const again = await uploadPicture(player, 'feedback', bytes);
    expect(first.key).toMatch(/^feedback\/[0-9a-f]{32}\.webp$/);
    expect(again.key).not.toBe(first.key);
    const served = Buffer.from(await (await fetch(server.url + first.url)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: FEEDBACK_IMAGE_MAX_SIDE, height: 720 });
    expect(metadata.exif).toBeUndefined();
    expect(served.includes(Buffer.from('secret-place'))).toBe(false);
    // A small picture is not enlarged; a non-picture is refused as an avatar would be.
    const small = await uploadPicture(player, 'feedback', await png(300, 200));
    expect(await sharp(Buffer.from(await (await fetch(server.url + small.url)).arrayBuffer())).metadata()).toMatchObject({ width: 300, height: 200 });
    const ticket = await call('/api/upload/getUploadTos', { purpose: 'feedback' }, player);
    const res = await fetch(server.url + ticket.data.url, { method: 'POST', headers: { authorization: `Bearer ${player.token}`, 'x-user-uuid': player.uuid }, body: 'not a picture' });
    expect(await res.json()).toMatchObject({ code: -1, msg: UPLOAD_MSG.notImage });
  });

  it("takes only the player's own, unused feedback uploads", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const bobs = await uploadPicture(bob);
    const avatar = await uploadPicture(alice, 'avatar');
    const mine = await uploadPicture(alice);
    const made = `feedback/${'a'.repeat(32)}.webp`;
    for (const images of [[bobs.key], [made], [mine.key, bobs.key]]) expect(await submit(alice, { images })).toEqual({ code: -1, msg: FEEDBACK_MSG.badImages, data: null });
    // An avatar upload is not a feedback picture (and has another key form).
    expect(await submit(alice, { images: [avatar.key] })).toEqual({ code: -1, msg: FEEDBACK_MSG.badImages, data: null });
    expect((await submit(alice, { images: [mine.key] })).code).toBe(1);
    expect(await submit(alice, { images: [mine.key] })).toEqual({ code: -1, msg: FEEDBACK_MSG.imageUsed, data: null });
    // A feedback picture is no avatar either.
    expect(await call('/api/user/headerImgEdit', { image: mine.key }, alice)).toMatchObject({ code: -1 });
    // Refused submissions counted nothing: alice has one today.
    expect(await db().selectFrom('feedback_day_counts').select('count').where('user_id', '=', alice.id).executeTakeFirst()).toEqual({ count: 1 });
  });

  it(`allows ${FEEDBACK_DAILY_LIMIT} submissions a China-time day; the next day starts again`, async () => {
    const player = await signUp();
    // 23:59 China time today.
    const endOfDay = Math.ceil((clock.current + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS - 60_000;
    clock.advance(endOfDay - clock.current);
    for (let i = 0; i < FEEDBACK_DAILY_LIMIT; i++) expect((await submit(player)).code).toBe(1);
    expect(await submit(player)).toEqual({ code: -1, msg: FEEDBACK_MSG.dailyLimit, data: null });
    clock.advance(61_000);
    expect((await submit(player)).code).toBe(1);
    expect((await call('/api/user/myOpinionReply', {}, player)).data.total).toBe(FEEDBACK_DAILY_LIMIT + 1);
  });

  it('the same request_id again answers the first submission and counts once', async () => {
    const player = await signUp();
    const id = requestId();
    const first = await call('/api/user/userOpinion', { request_id: id, category: 'bug', content: TEXT }, player);
    const again = await call('/api/user/userOpinion', { request_id: id, category: 'other', content: '另一段描述文字，超过十个字了' }, player);
    expect(again).toEqual(first);
    expect((await call('/api/user/myOpinionReply', {}, player)).data.total).toBe(1);
    expect(await db().selectFrom('feedback_day_counts').select('count').where('user_id', '=', player.id).executeTakeFirst()).toEqual({ count: 1 });
  });

  it("a player sees only their own feedback; another's id is refused", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const picture = await uploadPicture(alice);
    const mine = await submit(alice, { images: [picture.key], contact: '13900001111' });
    expect((await call('/api/user/myOpinionReply', {}, bob)).data).toMatchObject({ list: [], total: 0 });
    expect(await call('/api/user/myOpinionReply', { id: mine.data.id }, bob)).toEqual({ code: -1, msg: FEEDBACK_MSG.missing, data: null });
    expect((await call('/api/user/myOpinionReply', { id: mine.data.id }, alice)).data.list[0]).toMatchObject({ contact: '13900001111', images: [picture.url] });
  });

  it('replies show in the record and are posted to the player through notify, in the same transaction; a closed feedback takes none', async () => {
    const player = await signUp();
    const { data } = await submit(player, { content: '礼包兑换码提示已被使用，请帮忙核实一下' });
    const posted: FeedbackReplyMessage[] = [];
    const notify = async (_trx: unknown, message: FeedbackReplyMessage) => void posted.push(message);
    const replied = await replyToFeedback(db(), 7, data.id, '  您好，已为您补发兑换码，请在游戏内重试。 ', now(), notify);
    expect(replied).toEqual({ ok: true, status: 'replied', created: true, reply: { id: expect.any(Number), content: '您好，已为您补发兑换码，请在游戏内重试。', created_at: now().toISOString() } });
    const replyId = (replied as { reply: { id: number } }).reply.id;
    expect(posted).toEqual([
      {
        kind: 'system',
        userId: player.id,
        title: REPLY_MESSAGE_TITLE,
        content: '客服回复了您的反馈「礼包兑换码提示已被使用，请帮忙核实一下」：您好，已为您补发兑换码，请在游戏内重试。',
        link: { path: '/backrecord', data: { id: data.id } },
        sourceRef: `feedback-reply:${replyId}`,
      },
    ]);
    const record = (await call('/api/user/myOpinionReply', {}, player)).data.list[0];
    expect(record).toMatchObject({ status: 'replied', status_text: '已回复', replies: [{ id: replyId, content: '您好，已为您补发兑换码，请在游戏内重试。' }] });

    // A failing notify rolls the reply back.
    const failing = async () => {
      throw new Error('messages down');
    };
    await expect(replyToFeedback(db(), 7, data.id, '第二条回复', now(), failing)).rejects.toThrow('messages down');
    expect((await call('/api/user/myOpinionReply', {}, player)).data.list[0].replies).toHaveLength(1);

    expect(await replyToFeedback(db(), 7, data.id, '   ', now())).toEqual({ ok: false, message: FEEDBACK_MSG.replyEmpty });
    expect(await replyToFeedback(db(), 7, 999_999, '你好', now())).toEqual({ ok: false, message: FEEDBACK_MSG.missing });
    expect(await closeFeedback(db(), 7, data.id, now())).toEqual({ ok: true, status: 'closed', changed: true });
    expect(await closeFeedback(db(), 7, data.id, now())).toEqual({ ok: true, status: 'closed', changed: false });
    expect(await replyToFeedback(db(), 7, data.id, '还有问题吗', now())).toEqual({ ok: false, message: FEEDBACK_MSG.closed });
    expect((await call('/api/user/myOpinionReply', {}, player)).data.list[0]).toMatchObject({ status: 'closed', status_text: '已关闭' });
    expect(await closeFeedback(db(), 7, 999_999, now())).toEqual({ ok: false, message: FEEDBACK_MSG.missing });
  });

  it('listFeedback: the staff queue by status, pending oldest first, with the player and pictures', async () => {
    const player = await signUp();
    const picture = await uploadPicture(player);
    const first = (await submit(player, { images: [picture.key] })).data.id as number;
    clock.advance(1000);
    const second = (await submit(player)).data.id as number;
    const pending = await listFeedback(db(), { status: 'pending', page: 1, limit: 50 });
    const ids = pending.list.map((f) => f.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const mine = pending.list.find((f) => f.id === first)!;
    expect(mine).toMatchObject({ status: 'pending', images: [picture.url], user: { id: player.id, phone: expect.stringMatching(/^136\*{4}\d{4}$/) } });
    await replyToFeedback(db(), 1, second, '已处理', now());
    const replied = await listFeedback(db(), { status: 'replied', page: 1 });
    expect(replied.list[0]).toMatchObject({ id: second, status: 'replied', replies: [{ content: '已处理' }] });
    expect((await listFeedback(db(), { status: 'pending', page: 1, limit: 50 })).list.map((f) => f.id)).not.toContain(second);
    expect((await listFeedback(db(), { page: 1, mediaBaseUrl: 'https://cdn.example' })).list.find((f) => f.id === first)?.images).toEqual([`https://cdn.example/${picture.key}`]);
  });

  it("an account's anonymisation (cancellation) deletes its feedback, pictures' rows, replies and day counts", async () => {
    const player = await signUp();
    const picture = await uploadPicture(player);
    const { data } = await submit(player, { images: [picture.key] });
    await replyToFeedback(db(), 1, data.id, '已收到', now());
    await db().transaction().execute(async (trx) => {
      for (const step of ANONYMISE_STEPS) await step.run(trx, player.id, now());
    });
    expect(await db().selectFrom('feedback').select('id').where('user_id', '=', player.id).execute()).toEqual([]);
    expect(await db().selectFrom('feedback_images').select('object_key').where('object_key', '=', picture.key).execute()).toEqual([]);
    expect(await db().selectFrom('feedback_replies').select('id').where('feedback_id', '=', data.id).execute()).toEqual([]);
    expect(await db().selectFrom('feedback_day_counts').select('day').where('user_id', '=', player.id).execute()).toEqual([]);
  });

  // ---- Races ----

  it(`${FEEDBACK_DAILY_LIMIT + 4} submissions at once: exactly ${FEEDBACK_DAILY_LIMIT} stored and counted`, async () => {
    const player = await signUp();
    const answers = await Promise.all(Array.from({ length: FEEDBACK_DAILY_LIMIT + 4 }, () => submit(player)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(FEEDBACK_DAILY_LIMIT);
    expect(answers.filter((a) => a.code === -1).map((a) => a.msg)).toEqual(Array(4).fill(FEEDBACK_MSG.dailyLimit));
    expect((await call('/api/user/myOpinionReply', {}, player)).data.total).toBe(FEEDBACK_DAILY_LIMIT);
    expect(await db().selectFrom('feedback_day_counts').select('count').where('user_id', '=', player.id).execute()).toEqual([{ count: FEEDBACK_DAILY_LIMIT }]);
  });

  it('one request_id sent six times at once: one feedback, counted once, every answer the same', async () => {
    const player = await signUp();
    const picture = await uploadPicture(player);
    const id = requestId();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('/api/user/userOpinion', { request_id: id, category: 'bug', content: TEXT, images: [picture.key] }, player)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.code).toBe(1);
    expect((await call('/api/user/myOpinionReply', {}, player)).data.total).toBe(1);
    expect(await db().selectFrom('feedback_day_counts').select('count').where('user_id', '=', player.id).execute()).toEqual([{ count: 1 }]);
  });

  it('two submissions naming one picture at once: one gets it, the other is refused and counts nothing', async () => {
    const player = await signUp();
    const picture = await uploadPicture(player);
    const answers = await Promise.all([submit(player, { images: [picture.key] }), submit(player, { images: [picture.key] })]);
    expect(answers.map((a) => a.code).sort()).toEqual([-1, 1]);
    expect(answers.find((a) => a.code === -1)?.msg).toBe(FEEDBACK_MSG.imageUsed);
    expect(await db().selectFrom('feedback_images').select('feedback_id').where('object_key', '=', picture.key).execute()).toHaveLength(1);
    expect(await db().selectFrom('feedback_day_counts').select('count').where('user_id', '=', player.id).execute()).toEqual([{ count: 1 }]);
  });

  it('replies racing a close: every reply either stored before the close or refused after it', async () => {
    const player = await signUp();
    const { data } = await submit(player);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => replyToFeedback(db(), 3, data.id, `回复 ${i}`, now())),
      closeFeedback(db(), 3, data.id, now()),
      ...Array.from({ length: 4 }, (_, i) => replyToFeedback(db(), 3, data.id, `回复 ${i + 4}`, now())),
    ]);
    const stored = results.filter((r) => r.ok && 'reply' in r).length;
    const refused = results.filter((r) => !r.ok);
    expect(stored + refused.length).toBe(8);
    for (const r of refused) expect(r).toEqual({ ok: false, message: FEEDBACK_MSG.closed });
    const record = (await call('/api/user/myOpinionReply', { id: data.id }, player)).data.list[0];
    expect(record.status).toBe('closed');
    expect(record.replies).toHaveLength(stored);
  });
});
