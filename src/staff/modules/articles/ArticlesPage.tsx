import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Spin, Table, Tag, Typography, type FormRule, type TableColumnsType } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type HTMLAttributes } from 'react';
import { ARTICLE_KINDS, ARTICLE_MSG, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, CATEGORY_NAME_MAX, type ArticleKind } from '../../../../api/protocol/help-rules.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import * as articleCalls from '../../../../api/protocol/staff/articles.ts';
import type { StaffArticle, StaffArticleSummary, StaffHelpCategory } from '../../../../api/protocol/staff/articles.ts';
import { SORT_ORDER_MAX } from '../../../../api/protocol/staff/content-fields.ts';
import { articlesSearch, parseArticlesQuery, type ArticlesQuery } from '../../content/content-data.ts';
import { HtmlEditor } from '../../content/HtmlEditor.tsx';
import { chars, When } from '../../content/parts.tsx';
import { useUrlQuery } from '../../content/use-query.ts';
import { useConfirm } from '../../kit/confirm.ts';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import { useStaffData } from '../../use-staff-data.ts';
import '../../content/content.css';

/**
 * 帮助文章: the articles by kind (page and kind in the URL), one open in the editor (?edit=id or
 * new: its fields, the HTML body previewed as the server will store it, 上线 / 下线), and the FAQ's
 * categories (add, rename).
 */

const KIND_NAMES: Record<ArticleKind, string> = { faq: '常见问题', activity: '活动', product: '产品介绍', guide: '乐玩指南', about: '关于我们' };
const KIND_OPTIONS = ARTICLE_KINDS.map((kind) => ({ value: kind, label: KIND_NAMES[kind] }));

interface Draft {
  kind: ArticleKind;
  category_id: number | null;
  slug: string;
  title: string;
  summary: string;
  cover: string;
  sort_order: number | null;
  content: string;
}

const EMPTY: Draft = { kind: 'faq', category_id: null, slug: '', title: '', summary: '', cover: '', sort_order: 0, content: '' };

const draftOf = (article: StaffArticle): Draft => ({
  kind: article.kind,
  category_id: article.category_id,
  slug: article.slug ?? '',
  title: article.title,
  summary: article.summary,
  cover: article.cover,
  sort_order: article.sort_order,
  content: article.content,
});

/** Characters (code points) of the trimmed text, as the server counts its limit. */
const notOver = (max: number, message: string): FormRule => ({
  validator: (_, value: string | undefined) => (chars((value ?? '').trim()) > max ? Promise.reject(new Error(message)) : Promise.resolve()),
});
const counted = (max: number) => ({ show: true, max, strategy: (text: string) => chars(text.trim()) });

function Editor({ edit, kind, categories, onDone, onSaved }: { edit: number | 'new'; kind: ArticleKind | null; categories: readonly StaffHelpCategory[]; onDone: () => void; onSaved: (id: number) => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<Draft>();
  const [article, setArticle] = useState<StaffArticle | null>(null);
  const [loaded, setLoaded] = useState<Draft | null>(edit === 'new' ? { ...EMPTY, kind: kind ?? 'faq' } : null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const draftKind = Form.useWatch('kind', form);
  // A new article takes the list's kind once, when it opens: a later change of the list's filter
  // does not reset the draft.
  const kindRef = useRef(kind);
  useLayoutEffect(() => {
    kindRef.current = kind;
  });

  useEffect(() => {
    if (edit === 'new') {
      setArticle(null);
      setLoaded({ ...EMPTY, kind: kindRef.current ?? 'faq' });
      return;
    }
    let live = true;
    setLoaded(null);
    void client.call(articleCalls.detail, { id: edit }).then((answer) => {
      if (!live) return;
      if (answer.code === STAFF_CODE.ok) {
        setArticle(answer.data);
        setLoaded(draftOf(answer.data));
      } else if (answer.code !== STAFF_CODE.notSignedIn) setError(answer.msg);
    });
    return () => {
      live = false;
    };
  }, [client, edit]);

  if (!loaded) {
    return (
      <Card role="region" aria-label="编辑文章" title={`编辑文章 #${edit}`} extra={<Button onClick={onDone}>返回列表</Button>}>
        {error ? <Alert type="error" showIcon title={error} /> : <Spin />}
      </Card>
    );
  }

  /** The whole draft, the fields its kind hides included (onFinish hands over the shown ones only). */
  const save = async (draft: Draft) => {
    const fields = {
      kind: draft.kind,
      ...(draft.kind === 'faq' && draft.category_id !== null ? { category_id: draft.category_id } : {}),
      slug: draft.slug.trim(),
      title: draft.title,
      summary: draft.summary,
      content: draft.content,
      cover: draft.cover.trim(),
      sort_order: draft.sort_order ?? 0,
    };
    setSaving(true);
    const answer = edit === 'new' ? await client.call(articleCalls.create, fields) : await client.call(articleCalls.update, { id: edit, ...fields });
    setSaving(false);
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
      return;
    }
    const saved = answer.data.article;
    void message.success(answer.msg);
    setArticle(saved);
    form.setFieldsValue(draftOf(saved));
    onSaved(saved.id);
  };

  const setPublished = async (published: boolean) => {
    if (!article) return;
    const send = async () => {
      const answer = await client.call(articleCalls.publish, { id: article.id, published: published ? '1' : '0' });
      if (answer.code !== STAFF_CODE.ok) {
        if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
        return;
      }
      void message.success(answer.msg);
      setArticle(answer.data.article);
      onSaved(answer.data.article.id);
    };
    if (published) await send();
    else await confirm({ title: '下线文章', content: `下线「${article.title}」？玩家将看不到它。`, okText: '下线', danger: true, onOk: send });
  };

  return (
    <Card
      role="region"
      aria-label="编辑文章"
      title={
        <Space>
          {edit === 'new' ? '新建文章' : `编辑文章 #${edit}`}
          {article ? article.published ? <Tag color="success">已上线</Tag> : <Tag>未上线</Tag> : null}
        </Space>
      }
    >
      <Form<Draft> form={form} layout="vertical" name="article" requiredMark={false} initialValues={loaded} onFinish={() => void save(form.getFieldsValue(true) as Draft)}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="kind" label="类型">
              <Select options={KIND_OPTIONS} />
            </Form.Item>
          </Col>
          {draftKind === 'faq' ? (
            <Col xs={24} md={6}>
              <Form.Item name="category_id" label="分类" rules={[{ required: true, message: ARTICLE_MSG.categoryNeeded }]}>
                <Select placeholder="请选择分类" options={categories.map((category) => ({ value: category.id, label: category.name }))} />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={4}>
            <Form.Item name="sort_order" label="排序值（小的在前）">
              <InputNumber min={0} max={SORT_ORDER_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="slug" label="标识（固定页面用，可空）">
              <Input placeholder="如 about-company" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: ARTICLE_MSG.titleEmpty }, notOver(ARTICLE_TITLE_MAX, ARTICLE_MSG.titleLong)]}>
          <Input count={counted(ARTICLE_TITLE_MAX)} />
        </Form.Item>
        <Form.Item name="summary" label="摘要（列表里显示，可空）" rules={[notOver(ARTICLE_SUMMARY_MAX, ARTICLE_MSG.summaryLong)]}>
          <Input.TextArea rows={2} count={counted(ARTICLE_SUMMARY_MAX)} />
        </Form.Item>
        {draftKind === 'activity' ? (
          <Form.Item name="cover" label="封面图片地址（本站 /media/…、/art/… 或 https，可空）">
            <Input />
          </Form.Item>
        ) : null}
        <Form.Item name="content">
          <HtmlEditor label="正文" previewCall={articleCalls.preview} rows={16} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
          {article ? (
            article.published ? (
              <Button danger onClick={() => void setPublished(false)}>
                下线
              </Button>
            ) : (
              <Button onClick={() => void setPublished(true)}>上线</Button>
            )
          ) : null}
          <Button onClick={onDone}>返回列表</Button>
          {article ? (
            <Typography.Text type="secondary">
              更新于 <When iso={article.updated_at} />
            </Typography.Text>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
}

const categoryNameRules: FormRule[] = [{ required: true, whitespace: true, message: ARTICLE_MSG.categoryNameEmpty }, notOver(CATEGORY_NAME_MAX, ARTICLE_MSG.categoryNameLong)];

/** 改名: the category's name in a dialog, checked here and again by the server. */
function RenameDialog({ category, onClose, save }: { category: StaffHelpCategory; onClose: () => void; save: (name: string) => Promise<boolean> }) {
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const finish = async ({ name }: { name: string }) => {
    setBusy(true);
    const done = await save(name);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal open title="修改分类名称" okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" name="category-rename" requiredMark={false} initialValues={{ name: category.name }} onFinish={(values) => void finish(values)}>
        <Form.Item name="name" label="分类名称" rules={categoryNameRules}>
          <Input count={counted(CATEGORY_NAME_MAX)} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Categories({ categories, onChanged }: { categories: readonly StaffHelpCategory[]; onChanged: () => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [renaming, setRenaming] = useState<StaffHelpCategory | null>(null);
  /** Saves one category (a new one without id); true when the server took it. */
  const save = async (category: StaffHelpCategory | null, name: string, sortOrder: number): Promise<boolean> => {
    const answer = await client.call(staffCalls.articles.saveCategory, { ...(category ? { id: category.id } : {}), name, sort_order: sortOrder });
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
      return false;
    }
    void message.success(answer.msg);
    onChanged();
    return true;
  };
  const columns: TableColumnsType<StaffHelpCategory> = [
    { title: '名称', dataIndex: 'name' },
    { title: '文章', dataIndex: 'article_count', width: 100, render: (count: number) => `${count} 篇` },
    { title: '排序', dataIndex: 'sort_order', width: 100 },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, category) => (
        <Button size="small" onClick={() => setRenaming(category)}>
          改名
        </Button>
      ),
    },
  ];
  return (
    <Card role="region" aria-label="常见问题分类" title="常见问题分类">
      <Table<StaffHelpCategory> rowKey="id" dataSource={[...categories]} columns={columns} pagination={false} size="small" />
      <Form
        form={form}
        layout="inline"
        name="category-new"
        requiredMark={false}
        onFinish={({ name }) => void save(null, name, (categories.at(-1)?.sort_order ?? 0) + 1).then((done) => done && form.resetFields())}
      >
        <Form.Item name="name" label="新分类" rules={categoryNameRules}>
          <Input placeholder={`至多${CATEGORY_NAME_MAX}个字`} />
        </Form.Item>
        <Button htmlType="submit">添加分类</Button>
      </Form>
      {renaming ? <RenameDialog key={renaming.id} category={renaming} onClose={() => setRenaming(null)} save={(name) => save(renaming, name, renaming.sort_order)} /> : null}
    </Card>
  );
}

export default function ArticlesPage() {
  const [query, setQuery] = useUrlQuery(parseArticlesQuery, articlesSearch);
  const { kind, edit } = query;
  const list = usePagedTable('staffArticles', articleCalls.list, kind ? { kind } : {}, {
    empty: '暂无文章',
    paging: { page: query.page, setPage: (page) => setQuery({ ...query, page }) },
  });
  const categories = useStaffData('staffHelpCategories', articleCalls.categories, {});
  const categoryList = categories.data?.list ?? [];
  const categoryName = (id: number | null) => categoryList.find((category) => category.id === id)?.name ?? '';
  // A category's article count moves with the articles: read again with them.
  const reload = () => {
    list.reload();
    categories.reload();
  };
  const open = (next: ArticlesQuery['edit']) => setQuery({ ...query, edit: next });

  const columns: TableColumnsType<StaffArticleSummary> = [
    { title: '编号', dataIndex: 'id', width: 72 },
    { title: '状态', dataIndex: 'published', width: 90, render: (published: boolean) => (published ? <Tag color="success">已上线</Tag> : <Tag>未上线</Tag>) },
    { title: '类型', dataIndex: 'kind', width: 100, render: (articleKind: ArticleKind) => KIND_NAMES[articleKind] },
    { title: '分类', dataIndex: 'category_id', width: 120, render: (id: number | null, article) => (article.kind === 'faq' ? categoryName(id) : null) },
    {
      title: '标题',
      key: 'title',
      render: (_: unknown, article) => (
        <Button type="link" className="staff-break" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => open(article.id)}>
          {article.title}
        </Button>
      ),
    },
    { title: '标识', dataIndex: 'slug', width: 140, render: (slug: string | null) => (slug ? <span className="staff-break">{slug}</span> : null) },
    { title: '排序', dataIndex: 'sort_order', width: 72 },
    { title: '更新', dataIndex: 'updated_at', width: 116, render: (iso: string) => <When iso={iso} /> },
  ];

  return (
    <div className="staff-page">
      {edit !== null ? (
        <Editor
          edit={edit}
          kind={kind}
          categories={categoryList}
          onDone={() => open(null)}
          onSaved={(id) => {
            reload();
            if (edit === 'new') setQuery({ ...query, edit: id }, { replace: true });
          }}
        />
      ) : (
        <>
          <Card
            role="region"
            aria-label="文章列表"
            title="文章列表"
            extra={
              <Button type="primary" onClick={() => open('new')}>
                新建文章
              </Button>
            }
          >
            <Radio.Group
              aria-label="类型"
              optionType="button"
              value={kind ?? 'all'}
              onChange={(event) => {
                const value = event.target.value as ArticleKind | 'all';
                setQuery({ kind: value === 'all' ? null : value, page: 1, edit: null });
              }}
              options={[{ value: 'all', label: '全部' }, ...KIND_OPTIONS]}
            />
            {list.error ? <Alert type="error" showIcon title={list.error} /> : null}
            <Table<StaffArticleSummary> {...list.table} columns={columns} scroll={{ x: 900 }} onRow={(article) => ({ 'data-testid': `article-${article.id}` }) as HTMLAttributes<HTMLElement>} />
          </Card>
          <Categories categories={categoryList} onChanged={reload} />
        </>
      )}
    </div>
  );
}
