import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Table, Tag, Typography, type FormRule, type TableColumnsType } from 'antd';
import { useRef, type HTMLAttributes } from 'react';
import { MESSAGE_CONTENT_MAX, MESSAGE_KIND_NAMES, MESSAGE_KINDS, MESSAGE_MSG, MESSAGE_TITLE_MAX, type MessageKind } from '../../../../api/protocol/messages.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { list as broadcastList, type StaffBroadcast } from '../../../../api/protocol/staff/broadcasts.ts';
import { broadcastsSearch, linkProblems, parseBroadcastsQuery, parseLinkInput } from '../../content/content-data.ts';
import { chars, When } from '../../content/parts.tsx';
import { newRequestId } from '../../content/request-id.ts';
import { useUrlQuery } from '../../content/use-query.ts';
import { useConfirm } from '../../kit/confirm.ts';
import { usePagedTable } from '../../kit/paged-table.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import '../../content/content.css';

/**
 * 站内广播: send a message to every player (its kind, title, text and an optional in-app link,
 * previewed as the message centre shows it; asked first, it cannot be taken back), and the
 * messages sent by kind with the page in the URL.
 */

const KIND_OPTIONS = MESSAGE_KINDS.map((kind) => ({ value: kind, label: MESSAGE_KIND_NAMES[kind] }));

function linkText(link: StaffBroadcast['link']): string {
  if (!link) return '';
  return link.data ? `${link.path} ${JSON.stringify(link.data)}` : link.path;
}

type SendValues = { kind: MessageKind; title: string; content: string; path: string; data: string };

/** Characters (code points) of the trimmed text, as the server counts its limit. */
const notOver = (max: number, message: string): FormRule => ({
  validator: (_, value: string | undefined) => (chars((value ?? '').trim()) > max ? Promise.reject(new Error(message)) : Promise.resolve()),
});

/** A form rule's answer: the problem as its message, or none. */
const rejectWith = (problem: string | null) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());

function SendForm({ onSent }: { onSent: () => void }) {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<SendValues>();
  // One id per message written: a retried send (a lost answer) is sent once.
  const requestId = useRef(newRequestId());
  const kind = Form.useWatch('kind', form) ?? 'activity';
  const title = (Form.useWatch('title', form) ?? '').trim();
  const content = (Form.useWatch('content', form) ?? '').trim();
  const link = parseLinkInput(Form.useWatch('path', form) ?? '', Form.useWatch('data', form) ?? '');

  const send = (values: SendValues) => {
    const checked = parseLinkInput(values.path, values.data);
    if (!checked.ok) return;
    void confirm({
      title: '发送站内广播',
      content: `「${values.title.trim()}」将作为${MESSAGE_KIND_NAMES[values.kind]}发给全部玩家（包括之后注册的玩家），发出后不能撤回。确定发送？`,
      okText: '发送',
      onOk: async () => {
        const answer = await client.call(staffCalls.broadcasts.send, { kind: values.kind, title: values.title, content: values.content, link: checked.link, request_id: requestId.current });
        if (answer.code !== STAFF_CODE.ok) {
          if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
          return;
        }
        requestId.current = newRequestId();
        form.resetFields();
        void message.success(answer.data.created ? answer.msg : '该消息已发送过');
        onSent();
      },
    });
  };

  return (
    <Card role="region" aria-label="发送站内广播" title="发送站内广播">
      <Form<SendValues> form={form} layout="vertical" name="broadcast" requiredMark={false} initialValues={{ kind: 'activity', title: '', content: '', path: '', data: '' }} onFinish={send}>
        <Form.Item name="kind" label="消息类型（玩家在消息中心对应的分类里看到）">
          <Radio.Group aria-label="消息类型" optionType="button" options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: MESSAGE_MSG.messageTitleRequired }, notOver(MESSAGE_TITLE_MAX, MESSAGE_MSG.messageTitleTooLong)]}>
          <Input name="title" placeholder="如：周末双倍积分" count={{ show: true, max: MESSAGE_TITLE_MAX, strategy: (text) => chars(text.trim()) }} />
        </Form.Item>
        <Form.Item name="content" label="内容（纯文本）" rules={[{ required: true, whitespace: true, message: MESSAGE_MSG.messageContentRequired }, notOver(MESSAGE_CONTENT_MAX, MESSAGE_MSG.messageContentTooLong)]}>
          <Input.TextArea name="content" rows={4} count={{ show: true, max: MESSAGE_CONTENT_MAX, strategy: (text) => chars(text.trim()) }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {/* Checked as it is typed: the same rules as the server's (an app route; data a JSON object). */}
            <Form.Item
              name="path"
              label="点击后打开的页面（可选）"
              dependencies={['data']}
              rules={[({ getFieldValue }) => ({ validator: (_, value: string | undefined) => rejectWith(linkProblems(value ?? '', getFieldValue('data') ?? '').path) })]}
            >
              <Input name="link-path" placeholder="如 /dailymission" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="data"
              label="页面参数（可选，JSON 对象）"
              dependencies={['path']}
              rules={[({ getFieldValue }) => ({ validator: (_, value: string | undefined) => rejectWith(linkProblems(getFieldValue('path') ?? '', value ?? '').data) })]}
            >
              <Input name="link-data" className="content-code" placeholder='如 {"id": 12}' />
            </Form.Item>
          </Col>
        </Row>
        <section className="content-message" aria-label="消息预览">
          <span className="content-meta">{MESSAGE_KIND_NAMES[kind]} · 预览</span>
          <h3>{title || '标题'}</h3>
          <p>{content || '内容'}</p>
          {link.ok && link.link ? <span className="content-meta">点击打开 {linkText(link.link)}</span> : null}
        </section>
        <Form.Item style={{ marginTop: 16, marginBottom: 0 }}>
          <Button type="primary" htmlType="submit">
            发送给全部玩家
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

const columns: TableColumnsType<StaffBroadcast> = [
  { title: '类型', dataIndex: 'kind_name', width: 110, render: (name: string) => <Tag color="orange">{name}</Tag> },
  {
    title: '消息',
    key: 'message',
    render: (_: unknown, item) => (
      <div>
        <strong className="staff-break">{item.title}</strong>
        <div className="content-item-text">{item.content}</div>
      </div>
    ),
  },
  {
    title: '发送',
    key: 'sent',
    width: 150,
    render: (_: unknown, item) => (
      <div>
        <When iso={item.created_at} />
        <div>
          <Typography.Text type="secondary">{item.author_name || '系统'}</Typography.Text>
        </div>
      </div>
    ),
  },
  { title: '已读', dataIndex: 'read_count', width: 90, render: (count: number) => `${count} 人` },
  { title: '链接', key: 'link', width: 200, render: (_: unknown, item) => (item.link ? <span className="staff-break">{linkText(item.link)}</span> : null) },
];

export default function BroadcastsPage() {
  const [query, setQuery] = useUrlQuery(parseBroadcastsQuery, broadcastsSearch);
  const list = usePagedTable('staffBroadcasts', broadcastList, query.kind ? { kind: query.kind } : {}, {
    empty: '暂无站内广播',
    paging: { page: query.page, setPage: (page) => setQuery({ ...query, page }) },
  });
  return (
    <div className="staff-page">
      <SendForm
        onSent={() => {
          if (query.page !== 1 || query.kind) setQuery({ kind: null, page: 1 });
          else list.reload();
        }}
      />
      <Card role="region" aria-label="已发送" title="已发送">
        <Radio.Group
          aria-label="类型"
          optionType="button"
          value={query.kind ?? 'all'}
          onChange={(event) => {
            const value = event.target.value as MessageKind | 'all';
            setQuery({ kind: value === 'all' ? null : value, page: 1 });
          }}
          options={[{ value: 'all', label: '全部' }, ...KIND_OPTIONS]}
        />
        {list.error ? <Alert type="error" showIcon title={list.error} /> : null}
        <Table<StaffBroadcast> {...list.table} columns={columns} scroll={{ x: 800 }} onRow={(item) => ({ 'data-testid': `broadcast-${item.id}` }) as HTMLAttributes<HTMLElement>} />
      </Card>
    </div>
  );
}
