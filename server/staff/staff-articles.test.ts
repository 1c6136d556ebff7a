import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_MSG } from '../../api/protocol/help-rules.ts';
import { CONTENT_MSG } from '../../api/protocol/staff/content-fields.ts';
import { signedInStaff, staffCall, type StaffCredentials } from '../../tests/helpers/staff.ts';
import { playerKit } from '../../tests/helpers/staff-content.ts';
import { DATABASE_KINDS } from '../../tests/helpers/test-db.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server.ts';
import { ManualClock } from '../../tests/helpers/wire-client.ts';

/**
 * 帮助文章 in the staff console through the real server, on PGlite and
 * PostgreSQL: create (sanitised; unpublished until 上线), edit, publish and take down as players
 * see it, the FAQ categories, refusals (also a taken slug, which must leave the call's
 * transaction usable on PostgreSQL), and the audit rows.
 */

// A day after the seeding (seeded articles are published at the real clock).
const START = Date.now() + 86_400_000;

describe.each(DATABASE_KINDS)('staff article calls on %s', (kind) => {
  const clock = new ManualClock(START);
  let server: TestServer;
  let admin: StaffCredentials;
  const kit = playerKit(() => server, clock.now, kind === 'pglite' ? '1375' : '1376');
  const db = () => server.database.db;
  const staff = (path: string, payload: Record<string, unknown>, who: StaffCredentials = admin) => staffCall(server.url, path, payload, who);
  const auditOf = (target: string) => db().selectFrom('staff_audit').select(['action', 'before', 'after']).where('target', '=', target).orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer({ kind, now: clock.now });
    admin = await signedInStaff(db(), 'admin', new Date(clock.current));
  });
  afterAll(() => server.close());

  it('an FAQ answer: created sanitised and offline, edited, put online for players, taken down; each step audited', async () => {
    const categories = await staff('/staff/api/articles/categories', {});
    expect(categories.body.data.list[0]).toMatchObject({ name: '账号与登录', article_count: expect.any(Number) });
    const category = categories.body.data.list[0];

    const created = await staff('/staff/api/articles/create', { kind: 'faq', category_id: category.id, title: ' 如何修改昵称？ ', summary: '在个人资料里', content: '<p onclick="x()">进入 <strong>我的</strong> → 个人资料<script>alert(1)</script></p>', sort_order: 99 });
    expect(created.body).toMatchObject({ code: 1, msg: CONTENT_MSG.articleCreated, data: { article: { kind: 'faq', category_id: category.id, title: '如何修改昵称？', content: '<p>进入 <strong>我的</strong> → 个人资料</p>', published: false, published_at: null, sort_order: 99 } } });
    const id = created.body.data.article.id as number;
    expect((await kit.call('/api/user/getArticleInfo', { id })).msg).toBe(ARTICLE_MSG.missing);

    const updated = await staff('/staff/api/articles/update', { id, kind: 'faq', category_id: category.id, title: '如何修改昵称和头像？', summary: '', content: '<p>进入我的 → 个人资料，点头像或昵称。</p>', sort_order: 99 });
    expect(updated.body).toMatchObject({ code: 1, msg: CONTENT_MSG.articleSaved, data: { article: { id, title: '如何修改昵称和头像？', summary: '' } } });

    clock.advance(60_000);
    const online = await staff('/staff/api/articles/publish', { id, published: '1' });
    expect(online.body).toMatchObject({ code: 1, msg: CONTENT_MSG.articleOnline, data: { article: { published: true, published_at: expect.any(String) } } });
    const shown = await kit.call('/api/user/getArticleInfo', { id });
    expect(shown.data).toMatchObject({ id, title: '如何修改昵称和头像？', content: '<p>进入我的 → 个人资料，点头像或昵称。</p>', category: { id: category.id } });
    const faq = await kit.call('/api/article/getQuestion', {});
    expect(faq.data.categories.find((c: { id: number }) => c.id === category.id).questions.map((q: { id: number }) => q.id)).toContain(id);
    // Publishing again changes nothing and writes no row.
    expect((await staff('/staff/api/articles/publish', { id, published: 1 })).body.code).toBe(1);

    expect((await staff('/staff/api/articles/publish', { id, published: '0' })).body).toMatchObject({ code: 1, msg: CONTENT_MSG.articleOffline, data: { article: { published: false } } });
    expect((await kit.call('/api/user/getArticleInfo', { id })).msg).toBe(ARTICLE_MSG.missing);

    const audit = await auditOf(`article:${id}`);
    expect(audit.map((row) => row.action)).toEqual(['articles.create', 'articles.update', 'articles.publish', 'articles.unpublish']);
    expect(audit[1]).toMatchObject({ before: { title: '如何修改昵称？' }, after: { title: '如何修改昵称和头像？' } });
    expect(audit[2]).toMatchObject({ before: { published: false, published_at: null }, after: { published: true } });

    const detail = await staff('/staff/api/articles/detail', { id });
    expect(detail.body.data).toMatchObject({ id, content: '<p>进入我的 → 个人资料，点头像或昵称。</p>' });
    const listed = await staff('/staff/api/articles/list', { kind: 'faq', limit: 50 });
    expect(listed.body.data.list.every((a: { kind: string }) => a.kind === 'faq')).toBe(true);
  });

  it('an activity article online shows in the activity list first', async () => {
    const created = await staff('/staff/api/articles/create', { kind: 'activity', title: '暑期狂欢', summary: '充值返利', content: '<p>活动时间：7月1日—8月31日</p>', cover: '/art/banner/h1v1.svg' });
    const id = created.body.data.article.id as number;
    clock.advance(60_000);
    await staff('/staff/api/articles/publish', { id, published: '1' });
    const activities = await kit.call('/api/article/getArticleActivity', {});
    expect(activities.data.list[0]).toMatchObject({ id, title: '暑期狂欢', summary: '充值返利' });
  });

  it('refuses what the article rules refuse; a taken slug leaves nothing behind (and the call still answers)', async () => {
    const base = { kind: 'product', title: '标题', content: '<p>正文</p>' };
    const refusals = [
      [{ ...base, kind: 'news' }, ARTICLE_MSG.badKind],
      [{ ...base, title: ' ' }, ARTICLE_MSG.titleEmpty],
      [{ ...base, title: '长'.repeat(61) }, ARTICLE_MSG.titleLong],
      [{ ...base, content: '<script>x</script>' }, ARTICLE_MSG.bodyEmpty],
      [{ ...base, kind: 'faq' }, ARTICLE_MSG.categoryNeeded],
      [{ ...base, kind: 'faq', category_id: 987_654 }, ARTICLE_MSG.categoryMissing],
      [{ ...base, slug: 'Bad Slug' }, ARTICLE_MSG.badSlug],
      [{ ...base, cover: 'javascript:x' }, ARTICLE_MSG.badCover],
      [{ ...base, sort_order: -1 }, CONTENT_MSG.sortOrder],
      // The seeded product introduction holds 'product'.
      [{ ...base, slug: 'product' }, ARTICLE_MSG.slugTaken],
    ] as const;
    const count = async () => Number((await db().selectFrom('help_articles').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const [payload, msg] of refusals) expect((await staff('/staff/api/articles/create', payload)).body, msg).toEqual({ code: -1, msg, data: null });
    expect(await count()).toBe(before);

    // An update onto a taken slug: refused, the article unchanged, no audit row.
    const created = await staff('/staff/api/articles/create', { ...base, kind: 'about', slug: 'about-test', title: '测试' });
    const id = created.body.data.article.id as number;
    expect((await staff('/staff/api/articles/update', { id, ...base, kind: 'about', slug: 'product' })).body).toEqual({ code: -1, msg: ARTICLE_MSG.slugTaken, data: null });
    expect((await staff('/staff/api/articles/detail', { id })).body.data).toMatchObject({ slug: 'about-test', title: '测试' });
    expect((await auditOf(`article:${id}`)).map((row) => row.action)).toEqual(['articles.create']);
    expect((await staff('/staff/api/articles/update', { id: 987_654, ...base })).body).toEqual({ code: -1, msg: ARTICLE_MSG.missing, data: null });
    expect((await staff('/staff/api/articles/publish', { id: 987_654, published: '1' })).body).toEqual({ code: -1, msg: ARTICLE_MSG.missing, data: null });
    expect((await staff('/staff/api/articles/publish', { id, published: 'maybe' })).body).toEqual({ code: -1, msg: CONTENT_MSG.publishedFlag, data: null });
  });

  it('FAQ categories: created and renamed, audited; a long name and a missing one refused', async () => {
    const created = await staff('/staff/api/articles/saveCategory', { name: '交易与担保', sort_order: 50 });
    expect(created.body).toMatchObject({ code: 1, msg: CONTENT_MSG.categorySaved, data: { category: { name: '交易与担保', sort_order: 50, article_count: 0 } } });
    const id = created.body.data.category.id as number;
    expect((await staff('/staff/api/articles/saveCategory', { id, name: '账号交易', sort_order: 51 })).body).toMatchObject({ code: 1, data: { category: { id, name: '账号交易', sort_order: 51 } } });
    expect((await auditOf(`help-category:${id}`)).map((row) => [row.action, row.before, row.after])).toEqual([
      ['articles.createCategory', null, { name: '交易与担保', sort_order: 50 }],
      ['articles.updateCategory', { name: '交易与担保', sort_order: 50 }, { name: '账号交易', sort_order: 51 }],
    ]);
    expect((await staff('/staff/api/articles/saveCategory', { name: '名'.repeat(13) })).body).toEqual({ code: -1, msg: ARTICLE_MSG.categoryNameLong, data: null });
    expect((await staff('/staff/api/articles/saveCategory', { id: 987_654, name: '不存在' })).body).toEqual({ code: -1, msg: ARTICLE_MSG.categoryMissing, data: null });
  });

  it('the preview answers the body as it would be stored; an agent is refused', async () => {
    expect((await staff('/staff/api/articles/preview', { html: '<p style="color:red">正文<img src="https://cdn.example/a.png" onerror="x()"></p><form><input></form>' })).body.data).toMatchObject({
      html: '<p>正文<img src="https://cdn.example/a.png" /></p>',
      text: '正文',
    });
    const agent = await signedInStaff(db(), 'agent', new Date(clock.current));
    expect((await staff('/staff/api/articles/create', { kind: 'product', title: 't', content: '<p>x</p>' }, agent)).body.code).toBe(403);
  });
});
