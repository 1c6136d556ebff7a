import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { ARTICLE_KINDS, ARTICLE_MSG, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, CATEGORY_NAME_MAX, type ArticleKind } from '../../../../api/protocol/help-rules.ts';
import * as articleCalls from '../../../../api/protocol/staff/articles.ts';
import type { StaffArticle, StaffArticleSummary, StaffHelpCategory } from '../../../../api/protocol/staff/articles.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { articlesSearch, parseArticlesQuery, type ArticlesQuery, type Paged } from '../../content/content-data.ts';
import { HtmlEditor } from '../../content/HtmlEditor.tsx';
import { chars, Chips, ErrorLine, Pager, When } from '../../content/parts.tsx';
import { useUrlQuery } from '../../content/use-query.ts';
import { useStaffData } from '../../use-staff-data.ts';
import '../../content/content.css';

const LIMIT = 20;
const KIND_NAMES: Record<ArticleKind, string> = { faq: '常见问题', activity: '活动', product: '产品介绍', guide: '乐玩指南', about: '关于我们' };
const KIND_OPTIONS = ARTICLE_KINDS.map((kind) => ({ value: kind, label: KIND_NAMES[kind] }));

interface Draft {
  kind: ArticleKind;
  category_id: string;
  slug: string;
  title: string;
  summary: string;
  cover: string;
  sort_order: string;
  content: string;
}

const EMPTY: Draft = { kind: 'faq', category_id: '', slug: '', title: '', summary: '', cover: '', sort_order: '0', content: '' };

const draftOf = (article: StaffArticle): Draft => ({
  kind: article.kind,
  category_id: article.category_id === null ? '' : String(article.category_id),
  slug: article.slug ?? '',
  title: article.title,
  summary: article.summary,
  cover: article.cover,
  sort_order: String(article.sort_order),
  content: article.content,
});

function Editor({ edit, kind, categories, onDone, onSaved }: { edit: number | 'new'; kind: ArticleKind | null; categories: StaffHelpCategory[]; onDone: () => void; onSaved: (id: number) => void }) {
  const client = useStaffClient();
  const [article, setArticle] = useState<StaffArticle | null>(null);
  const [draft, setDraft] = useState<Draft | null>(edit === 'new' ? { ...EMPTY, kind: kind ?? 'faq' } : null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  // A new article takes the list's kind once, when it opens: a later change of the list's filter
  // does not reset the draft.
  const kindRef = useRef(kind);
  useLayoutEffect(() => {
    kindRef.current = kind;
  });

  useEffect(() => {
    if (edit === 'new') {
      setArticle(null);
      setDraft({ ...EMPTY, kind: kindRef.current ?? 'faq' });
      return;
    }
    let live = true;
    setDraft(null);
    void client.call(articleCalls.detail, { id: edit }).then((answer) => {
      if (!live) return;
      if (answer.code === STAFF_CODE.ok) {
        setArticle(answer.data);
        setDraft(draftOf(answer.data));
      } else if (answer.code !== STAFF_CODE.notSignedIn) setError(answer.msg);
    });
    return () => {
      live = false;
    };
  }, [client, edit]);

  if (!draft) {
    return (
      <section className="staff-card" aria-label="编辑文章">
        <ErrorLine message={error} />
        {error ? null : <div className="staff-muted">加载中…</div>}
        <Button size="small" onClick={onDone}>
          返回列表
        </Button>
      </section>
    );
  }

  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const save = async () => {
    if (draft.title.trim() === '') return Toast.show({ content: ARTICLE_MSG.titleEmpty });
    if (draft.kind === 'faq' && draft.category_id === '') return Toast.show({ content: ARTICLE_MSG.categoryNeeded });
    const fields = {
      kind: draft.kind,
      ...(draft.kind === 'faq' ? { category_id: Number(draft.category_id) } : {}),
      slug: draft.slug.trim(),
      title: draft.title,
      summary: draft.summary,
      content: draft.content,
      cover: draft.cover.trim(),
      sort_order: draft.sort_order.trim() === '' ? 0 : draft.sort_order.trim(),
    };
    setSaving(true);
    const answer = edit === 'new' ? await client.call(articleCalls.create, fields) : await client.call(articleCalls.update, { id: edit, ...fields });
    setSaving(false);
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return;
    }
    const saved = answer.data.article;
    Toast.show({ content: answer.msg });
    setArticle(saved);
    setDraft(draftOf(saved));
    onSaved(saved.id);
  };

  const publish = async (published: boolean) => {
    if (!article) return;
    if (!published && !(await confirm({ title: '下线文章', content: `下线「${article.title}」？玩家将看不到它。`, confirmText: '下线', cancelText: '取消' }))) return;
    const answer = await client.call(articleCalls.publish, { id: article.id, published: published ? '1' : '0' });
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return;
    }
    Toast.show({ content: answer.msg });
    setArticle(answer.data.article);
    onSaved(answer.data.article.id);
  };

  const titleLength = chars(draft.title.trim());
  const summaryLength = chars(draft.summary.trim());
  return (
    <section className="staff-card" aria-label="编辑文章">
      <div className="content-item-head">
        <h2>{edit === 'new' ? '新建文章' : `编辑文章 #${edit}`}</h2>
        {article ? article.published ? <Tag color="success" fill="outline">已上线</Tag> : <Tag fill="outline">未上线</Tag> : null}
      </div>
      <div className="staff-row">
        <label className="staff-field">
          <span>类型</span>
          <select name="kind" value={draft.kind} onChange={(event) => set({ kind: event.target.value as ArticleKind })}>
            {KIND_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {draft.kind === 'faq' ? (
          <label className="staff-field">
            <span>分类</span>
            <select name="category" value={draft.category_id} onChange={(event) => set({ category_id: event.target.value })}>
              <option value="">请选择分类</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="staff-field">
          <span>排序值（小的在前）</span>
          <input className="content-input" name="sort_order" inputMode="numeric" value={draft.sort_order} onChange={(event) => set({ sort_order: event.target.value })} />
        </label>
        <label className="staff-field staff-grow">
          <span>标识（固定页面用，可空）</span>
          <input className="content-input" name="slug" value={draft.slug} placeholder="如 about-company" onChange={(event) => set({ slug: event.target.value })} />
        </label>
      </div>
      <label className="staff-field">
        <span>标题</span>
        <input className="content-input" name="title" value={draft.title} onChange={(event) => set({ title: event.target.value })} />
        <span className={titleLength > ARTICLE_TITLE_MAX ? 'content-counter content-over' : 'content-counter'}>
          {titleLength}/{ARTICLE_TITLE_MAX}
        </span>
      </label>
      <label className="staff-field">
        <span>摘要（列表里显示，可空）</span>
        <textarea className="content-textarea" name="summary" rows={2} value={draft.summary} onChange={(event) => set({ summary: event.target.value })} />
        <span className={summaryLength > ARTICLE_SUMMARY_MAX ? 'content-counter content-over' : 'content-counter'}>
          {summaryLength}/{ARTICLE_SUMMARY_MAX}
        </span>
      </label>
      {draft.kind === 'activity' ? (
        <label className="staff-field">
          <span>封面图片地址（本站 /media/…、/art/… 或 https，可空）</span>
          <input className="content-input" name="cover" value={draft.cover} onChange={(event) => set({ cover: event.target.value })} />
        </label>
      ) : null}
      <HtmlEditor label="正文" value={draft.content} onChange={(content) => set({ content })} previewCall={articleCalls.preview} rows={16} />
      <div className="content-actions">
        <Button color="primary" loading={saving} disabled={saving} onClick={() => void save()}>
          保存
        </Button>
        {article ? (
          article.published ? (
            <Button color="danger" fill="outline" onClick={() => void publish(false)}>
              下线
            </Button>
          ) : (
            <Button color="success" fill="outline" onClick={() => void publish(true)}>
              上线
            </Button>
          )
        ) : null}
        <Button onClick={onDone}>返回列表</Button>
        {article ? (
          <span className="staff-muted">
            更新于 <When iso={article.updated_at} />
          </span>
        ) : null}
      </div>
    </section>
  );
}

function Categories({ categories, onChanged }: { categories: StaffHelpCategory[]; onChanged: () => void }) {
  const client = useStaffClient();
  const [name, setName] = useState('');
  const save = async (category: StaffHelpCategory | null, nextName: string, sortOrder: number) => {
    if (nextName.trim() === '') return Toast.show({ content: ARTICLE_MSG.categoryNameEmpty });
    if (chars(nextName.trim()) > CATEGORY_NAME_MAX) return Toast.show({ content: ARTICLE_MSG.categoryNameLong });
    const answer = await client.call(staffCalls.articles.saveCategory, { ...(category ? { id: category.id } : {}), name: nextName, sort_order: sortOrder });
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return;
    }
    Toast.show({ content: answer.msg });
    if (!category) setName('');
    onChanged();
  };
  const rename = async (category: StaffHelpCategory) => {
    let next = category.name;
    const sure = await confirm({
      title: '修改分类名称',
      content: <input className="content-input" aria-label="分类名称" defaultValue={category.name} onChange={(event) => (next = event.target.value)} />,
      confirmText: '保存',
      cancelText: '取消',
    });
    if (sure) await save(category, next, category.sort_order);
  };
  return (
    <section className="staff-card" aria-label="常见问题分类">
      <h2>常见问题分类</h2>
      <ul className="content-list">
        {categories.map((category) => (
          <li key={category.id} className="content-item static">
            <span className="content-item-head">
              <strong>{category.name}</strong>
              <span className="staff-muted">
                {category.article_count} 篇 · 排序 {category.sort_order}
              </span>
              <Button size="mini" onClick={() => void rename(category)}>
                改名
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="staff-row">
        <label className="staff-field staff-grow">
          <span>新分类</span>
          <input className="content-input" name="category-name" value={name} placeholder={`至多${CATEGORY_NAME_MAX}个字`} onChange={(event) => setName(event.target.value)} />
        </label>
        <Button size="small" onClick={() => void save(null, name, (categories.at(-1)?.sort_order ?? 0) + 1)}>
          添加分类
        </Button>
      </div>
    </section>
  );
}

function ArticleList({ state, categories, query, error, onQuery }: { state: Paged<StaffArticleSummary> | null; categories: StaffHelpCategory[]; query: ArticlesQuery; error: string; onQuery: (next: ArticlesQuery) => void }) {
  const categoryName = (id: number | null) => categories.find((category) => category.id === id)?.name ?? '';
  return (
    <section className="staff-card" aria-label="文章列表">
      <div className="content-head">
        <h2>文章列表</h2>
        <Button size="small" color="primary" onClick={() => onQuery({ ...query, edit: 'new' })}>
          新建文章
        </Button>
      </div>
      <Chips label="类型" value={query.kind ?? 'all'} options={[{ value: 'all' as const, label: '全部' }, ...KIND_OPTIONS]} onChange={(value) => onQuery({ kind: value === 'all' ? null : value, page: 1, edit: null })} />
      <ErrorLine message={error} />
      {state === null ? (
        <div className="staff-muted">{error ? '' : '加载中…'}</div>
      ) : state.list.length === 0 ? (
        <div className="staff-muted">暂无文章</div>
      ) : (
        <ul className="content-list">
          {state.list.map((article) => (
            <li key={article.id}>
              <button type="button" className="content-item" data-testid={`article-${article.id}`} onClick={() => onQuery({ ...query, edit: article.id })}>
                <span className="content-item-head">
                  {article.published ? <Tag color="success" fill="outline">已上线</Tag> : <Tag fill="outline">未上线</Tag>}
                  <Tag fill="outline">{KIND_NAMES[article.kind]}</Tag>
                  {article.kind === 'faq' ? <span className="staff-muted">{categoryName(article.category_id)}</span> : null}
                  <strong>{article.title}</strong>
                </span>
                <span className="content-meta">
                  <span>#{article.id}</span>
                  {article.slug ? <span>标识 {article.slug}</span> : null}
                  <span>排序 {article.sort_order}</span>
                  <span>
                    更新 <When iso={article.updated_at} />
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {state ? <Pager page={state.page} total={state.total} limit={LIMIT} onPage={(next) => onQuery({ ...query, page: next })} /> : null}
    </section>
  );
}

export default function ArticlesPage() {
  const client = useStaffClient();
  const [query, setQuery] = useUrlQuery(parseArticlesQuery, articlesSearch);
  const { kind, page, edit } = query;
  const { data: state, error, reload } = useStaffData('staffArticles', articleCalls.list, { page, limit: LIMIT, ...(kind ? { kind } : {}) });
  const [categories, setCategories] = useState<StaffHelpCategory[]>([]);
  useEffect(() => {
    let live = true;
    void client.call(articleCalls.categories, {}).then((answer) => {
      if (live && answer.code === STAFF_CODE.ok) setCategories(answer.data.list);
    });
    return () => {
      live = false;
    };
  }, [client, state]);
  return (
    <div className="staff-page">
      {edit !== null ? (
        <Editor
          edit={edit}
          kind={kind}
          categories={categories}
          onDone={() => setQuery({ ...query, edit: null })}
          onSaved={(id) => {
            reload();
            if (edit === 'new') setQuery({ ...query, edit: id }, { replace: true });
          }}
        />
      ) : (
        <>
          <ArticleList state={state} categories={categories} query={query} error={error} onQuery={setQuery} />
          <Categories categories={categories} onChanged={reload} />
        </>
      )}
    </div>
  );
}
