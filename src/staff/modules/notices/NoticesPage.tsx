import { Alert, App, Button, Card, Form, Input, Radio, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useRef, useState, type HTMLAttributes } from 'react';
import { MESSAGE_MSG, NOTICE_TITLE_MAX } from '../../../../api/protocol/messages.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import * as noticeCalls from '../../../../api/protocol/staff/notices.ts';
import type { StaffNotice } from '../../../../api/protocol/staff/notices.ts';
import { noticesSearch, parseNoticesQuery } from '../../content/content-data.ts';
import { HtmlEditor } from '../../content/HtmlEditor.tsx';
import { chars, HtmlView, When } from '../../content/parts.tsx';
import { newRequestId } from '../../content/request-id.ts';
import { useUrlQuery } from '../../content/use-query.ts';
import { useConfirm } from '../../kit/confirm.ts';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import '../../content/content.css';

/**
 * 公告: publish a notice (its HTML previewed as the server will store it; optionally a pop-up, shown
 * once per player), the list by state with its page in the URL, each notice's body on 查看, 撤回.
 */

type PublishValues = { title: string; html: string; popup: boolean };

function PublishForm({ onPublished }: { onPublished: () => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<PublishValues>();
  // One id per notice written: a retried publish (a lost answer) is published once.
  const requestId = useRef(newRequestId());

  const publish = (values: PublishValues) =>
    void confirm({
      title: '发布公告',
      content: values.popup ? '发布后所有玩家可在公告列表看到，并在打开App时弹出一次。确定发布？' : '发布后所有玩家可在公告列表看到。确定发布？',
      okText: '发布',
      onOk: async () => {
        const answer = await client.call(staffCalls.notices.publish, { title: values.title, html: values.html, popup: values.popup ? '1' : '0', request_id: requestId.current });
        if (answer.code !== STAFF_CODE.ok) {
          if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
          return;
        }
        requestId.current = newRequestId();
        form.resetFields();
        void message.success(answer.data.created ? answer.msg : '该公告已发布过');
        onPublished();
      },
    });

  return (
    <Card role="region" aria-label="发布公告" title="发布公告">
      <Form<PublishValues> form={form} layout="vertical" name="notice" requiredMark={false} initialValues={{ title: '', html: '', popup: false }} onFinish={publish}>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: MESSAGE_MSG.noticeTitleRequired },
            // Counted as the server counts it: characters (code points) of the trimmed title.
            { validator: (_, value: string) => (chars((value ?? '').trim()) > NOTICE_TITLE_MAX ? Promise.reject(new Error(MESSAGE_MSG.noticeTitleTooLong)) : Promise.resolve()) },
          ]}
        >
          <Input name="title" placeholder="如：停服维护公告" count={{ show: true, max: NOTICE_TITLE_MAX, strategy: (text) => chars(text.trim()) }} />
        </Form.Item>
        <Form.Item name="html" rules={[{ required: true, whitespace: true, message: MESSAGE_MSG.noticeContentRequired }]}>
          <HtmlEditor label="正文" previewCall={noticeCalls.preview} placeholder={'<p>尊敬的玩家：</p>\n<p>…</p>'} />
        </Form.Item>
        <Form.Item label="弹窗公告" extra="开启后，玩家在首页各弹出一次；同时只弹最新的一条">
          <Form.Item name="popup" valuePropName="checked" noStyle>
            <Switch aria-label="弹窗公告" />
          </Form.Item>
        </Form.Item>
        <Button type="primary" htmlType="submit">
          发布公告
        </Button>
      </Form>
    </Card>
  );
}

export default function NoticesPage() {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [query, setQuery] = useUrlQuery(parseNoticesQuery, noticesSearch);
  const list = usePagedTable('staffNotices', noticeCalls.list, query.state ? { state: query.state } : {}, {
    empty: '暂无公告',
    paging: { page: query.page, setPage: (page) => setQuery({ ...query, page }) },
  });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const withdraw = (notice: StaffNotice) =>
    void confirm({
      title: '撤回公告',
      content: `撤回「${notice.title}」？撤回后玩家不再看到它，也不会再弹出。`,
      okText: '撤回',
      danger: true,
      onOk: async () => {
        const answer = await client.call(noticeCalls.withdraw, { id: notice.id });
        if (answer.code === STAFF_CODE.ok) void message.success(answer.msg);
        else if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
        list.reload();
      },
    });

  const columns: TableColumnsType<StaffNotice> = [
    {
      title: '状态',
      key: 'state',
      width: 110,
      render: (_: unknown, notice) => (
        <Space size={4} wrap>
          {notice.withdrawn_at ? <Tag>已撤回</Tag> : <Tag color="success">在线</Tag>}
          {notice.popup ? <Tag color="warning">弹窗</Tag> : null}
        </Space>
      ),
    },
    {
      title: '标题',
      key: 'title',
      // The body opens under its title, in the same row.
      render: (_: unknown, notice) => (
        <div>
          <strong className="staff-break">{notice.title}</strong>
          {open.has(notice.id) ? <HtmlView html={notice.content} label={`${notice.title} 正文`} /> : null}
        </div>
      ),
    },
    {
      title: '发布',
      key: 'published',
      width: 150,
      render: (_: unknown, notice) => (
        <div>
          <When iso={notice.published_at} />
          <div>
            <Typography.Text type="secondary">{notice.author_name || '系统'}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: '撤回',
      key: 'withdrawn',
      width: 150,
      render: (_: unknown, notice) =>
        notice.withdrawn_at ? (
          <div>
            <When iso={notice.withdrawn_at} />
            <div>
              <Typography.Text type="secondary">{notice.withdrawn_by_name}</Typography.Text>
            </div>
          </div>
        ) : null,
    },
    { title: '弹窗', key: 'seen', width: 110, render: (_: unknown, notice) => (notice.popup ? `已弹出 ${notice.seen_count} 人` : null) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_: unknown, notice) => (
        <Space size={4}>
          <Button size="small" onClick={() => toggle(notice.id)}>
            {open.has(notice.id) ? '收起' : '查看'}
          </Button>
          {notice.withdrawn_at ? null : (
            <Button size="small" danger onClick={() => withdraw(notice)}>
              撤回
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="staff-page">
      <PublishForm
        onPublished={() => {
          if (query.page !== 1 || query.state === 'withdrawn') setQuery({ state: null, page: 1 });
          else list.reload();
        }}
      />
      <Card role="region" aria-label="公告列表" title="公告列表">
        <Radio.Group
          aria-label="状态"
          optionType="button"
          value={query.state ?? 'all'}
          onChange={(event) => {
            const value = event.target.value as 'all' | 'live' | 'withdrawn';
            setQuery({ state: value === 'all' ? null : value, page: 1 });
          }}
          options={[
            { value: 'all', label: '全部' },
            { value: 'live', label: '在线' },
            { value: 'withdrawn', label: '已撤回' },
          ]}
        />
        {list.error ? <Alert type="error" showIcon title={list.error} /> : null}
        <Table<StaffNotice> {...list.table} columns={columns} scroll={{ x: 860 }} onRow={(notice) => ({ 'data-testid': `notice-${notice.id}` }) as HTMLAttributes<HTMLElement>} />
      </Card>
    </div>
  );
}
