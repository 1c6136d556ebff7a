import { Alert, App, Button, Card, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { DESK_MSG, QUICK_REPLY_SORT_MAX, type QuickReplyView } from '../../../../api/protocol/service-desk.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { quickReplies, quickReplyUpdate } from '../../../../api/protocol/staff/service.ts';
import { useConfirm } from '../../kit/confirm.ts';
import { useStaffClient } from '../../runtime-context.tsx';

/** A sort key typed in the form: '' is none, else 0 … QUICK_REPLY_SORT_MAX (the server checks it again). */
function sortOf(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t);
}

/** A row's edits not saved yet; a row without one shows what the server holds. */
type Draft = { content: string; sort: string };
const draftOf = (reply: QuickReplyView): Draft => ({ content: reply.content, sort: String(reply.sort) });
type NewReply = { content?: string; sort?: string };

/** 快捷回复 (admin): the canned answers every agent's reply box offers, in their order. */
export default function QuickRepliesPage() {
  const client = useStaffClient();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<NewReply>();
  const [list, setList] = useState<QuickReplyView[] | null>(null);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState<number | null>(null);

  const load = useCallback(async () => {
    const answer = await client.call(quickReplies, {});
    if (answer.code === STAFF_CODE.notSignedIn) return;
    if (answer.code === STAFF_CODE.ok) {
      setList(answer.data.list);
      // The list read again is what the server holds: an edit saved or a row deleted leaves no draft.
      setDrafts({});
      setError('');
    } else setError(answer.msg);
  }, [client]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Shows the server's word and reads the list again when it took the change. */
  const settle = (answer: { code: number; msg: string }) => {
    if (answer.code === STAFF_CODE.notSignedIn) return false;
    if (answer.code === STAFF_CODE.ok) void message.success(answer.msg);
    else void message.error(answer.msg);
    if (answer.code === STAFF_CODE.ok) void load();
    return answer.code === STAFF_CODE.ok;
  };
  const add = async (values: NewReply) => {
    setAdding(true);
    const sort = sortOf(values.sort ?? '');
    const answer = await client.call(staffCalls.service.quickReplyCreate, { content: values.content ?? '', ...(sort !== undefined ? { sort } : {}) });
    setAdding(false);
    if (settle(answer)) form.resetFields();
  };
  const draft = (reply: QuickReplyView) => drafts[reply.id] ?? draftOf(reply);
  const edit = (reply: QuickReplyView, change: Partial<Draft>) => setDrafts((all) => ({ ...all, [reply.id]: { ...draft(reply), ...change } }));
  const save = async (reply: QuickReplyView) => {
    const { content, sort } = draft(reply);
    setSaving(reply.id);
    const key = sortOf(sort);
    const answer = await client.call(quickReplyUpdate, { id: reply.id, content, ...(key !== undefined ? { sort: key } : {}) });
    setSaving(null);
    settle(answer);
  };
  const remove = (reply: QuickReplyView) =>
    void confirm({
      content: `删除这条快捷回复？${reply.content}`,
      okText: '删除',
      danger: true,
      onOk: async () => settle(await client.call(staffCalls.service.quickReplyDelete, { id: reply.id })),
    });

  const columns: TableColumnsType<QuickReplyView> = [
    {
      title: '排序',
      key: 'sort',
      width: 96,
      render: (_: unknown, reply) => <Input aria-label="排序" inputMode="numeric" value={draft(reply).sort} onChange={(event) => edit(reply, { sort: event.target.value })} />,
    },
    {
      title: '内容',
      key: 'content',
      render: (_: unknown, reply) => <Input.TextArea aria-label="内容" value={draft(reply).content} maxLength={500} rows={2} onChange={(event) => edit(reply, { content: event.target.value })} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, reply) => {
        const { content, sort } = draft(reply);
        const changed = content.trim() !== reply.content || sort.trim() !== String(reply.sort);
        return (
          <Space size={4}>
            <Button size="small" type="primary" disabled={!changed} loading={saving === reply.id} onClick={() => void save(reply)}>
              保存
            </Button>
            <Button size="small" danger onClick={() => remove(reply)}>
              删除
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="staff-page">
      <Card role="region" aria-label="新增快捷回复" title="新增快捷回复">
        <Form form={form} layout="vertical" name="quick-reply-new" requiredMark={false} onFinish={(values) => void add(values)}>
          <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: DESK_MSG.quickReplyEmpty }]}>
            <Input.TextArea maxLength={500} rows={2} placeholder="客服在回复框中一键选用的话术" />
          </Form.Item>
          <Space align="end" wrap>
            <Form.Item name="sort" label={`排序（0–${QUICK_REPLY_SORT_MAX}，小的在前）`} style={{ marginBottom: 0 }}>
              <Input inputMode="numeric" placeholder="0" style={{ width: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={adding}>
              添加
            </Button>
          </Space>
        </Form>
      </Card>
      <Card role="region" aria-label="快捷回复">
        {error ? <Alert type="error" showIcon title={error} /> : null}
        <Table<QuickReplyView>
          rowKey="id"
          dataSource={list ?? []}
          loading={list === null && !error}
          columns={columns}
          pagination={false}
          locale={{ emptyText: '暂无快捷回复' }}
          onRow={() => ({ 'data-testid': 'quick-reply-row' }) as HTMLAttributes<HTMLElement>}
        />
      </Card>
    </div>
  );
}
