import { Alert, App, Button, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { HOT_WORD_MAX, hotWordProblem, PINNED_WORDS_MAX } from '../../../../api/protocol/hot-words.ts';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { hotWords as hotWordList, type StaffHotWord } from '../../../../api/protocol/staff/home-content.ts';
import type { StaffResult } from '../../api.ts';
import { useStaffClient } from '../../runtime-context.tsx';
import { useStaffData } from '../../use-staff-data.ts';

/**
 * 首页内容 — 热门搜索: the words the search page shows, pinned ones first in the operator's order,
 * then the words players searched most. Pin a new or listed word, move a pinned one up or down,
 * unpin, remove (after a confirmation). Every change is on the search page at once.
 */

export default function HomeContentPage() {
  const client = useStaffClient();
  const { message, modal } = App.useApp();
  const { data, error, loading, reload } = useStaffData('staffHotWords', hotWordList, {});
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ word: string }>();
  const list = data?.list ?? [];
  const pinned = list.filter((w) => w.pinned !== null);

  const run = async (call: () => Promise<StaffResult<unknown>>): Promise<boolean> => {
    setBusy(true);
    const answer = await call();
    setBusy(false);
    reload();
    if (answer.code === STAFF_CODE.ok) {
      void message.success(answer.msg);
      return true;
    }
    if (answer.code !== STAFF_CODE.notSignedIn) void message.error(answer.msg);
    return false;
  };

  const pin = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (await run(() => client.call(staffCalls.homeContent.pinHotWord, { word: values.word.trim() }))) form.resetFields();
  };
  const move = (word: string, by: -1 | 1) => {
    const words = pinned.map((w) => w.word);
    const at = words.indexOf(word);
    [words[at], words[at + by]] = [words[at + by]!, words[at]!];
    void run(() => client.call(staffCalls.homeContent.orderHotWords, { words }));
  };
  const remove = (word: StaffHotWord) =>
    modal.confirm({
      title: '删除搜索词',
      content: `删除「${word.word}」？它的搜索次数（${word.hits}）清零，玩家再搜时重新计数。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run(() => client.call(staffCalls.homeContent.removeHotWord, { word: word.word })),
    });

  return (
    <div className="staff-page">
      <section className="staff-card" aria-label="置顶搜索词">
        <Typography.Title level={4} style={{ margin: 0 }}>
          热门搜索
        </Typography.Title>
        <div className="staff-muted">
          搜索页「热门搜索」显示前 10 个词：置顶的在前（按下表顺序），其余按玩家搜索次数。最多置顶 {PINNED_WORDS_MAX} 个。
        </div>
        <Form form={form} layout="inline" onFinish={() => void pin()}>
          <Form.Item
            name="word"
            rules={[{ validator: (_, value: string | undefined) => { const problem = hotWordProblem((value ?? '').trim()); return problem ? Promise.reject(new Error(problem)) : Promise.resolve(); } }]}
          >
            <Input aria-label="搜索词" placeholder="输入搜索词" maxLength={HOT_WORD_MAX} showCount style={{ width: 240 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              添加并置顶
            </Button>
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon title={error} action={<Button size="small" onClick={reload}>重试</Button>} />}
        <Table<StaffHotWord>
          rowKey="word"
          size="middle"
          loading={loading}
          dataSource={list}
          pagination={false}
          locale={{ emptyText: '还没有搜索词' }}
          columns={[
            { title: '位置', key: 'place', width: 80, render: (_: unknown, _row, index) => index + 1 },
            { title: '搜索词', dataIndex: 'word', render: (word: string, row) => (row.pinned !== null ? <Space>{word}<Tag color="orange">置顶</Tag></Space> : word) },
            { title: '搜索次数', dataIndex: 'hits', width: 120 },
            {
              title: '操作',
              key: 'actions',
              width: 300,
              render: (_: unknown, row) => (
                <Space>
                  {row.pinned !== null ? (
                    <>
                      <Button size="small" disabled={busy || row.pinned === 1} onClick={() => move(row.word, -1)} aria-label={`上移 ${row.word}`}>
                        上移
                      </Button>
                      <Button size="small" disabled={busy || row.pinned === pinned.length} onClick={() => move(row.word, 1)} aria-label={`下移 ${row.word}`}>
                        下移
                      </Button>
                      <Button size="small" disabled={busy} onClick={() => void run(() => client.call(staffCalls.homeContent.unpinHotWord, { word: row.word }))}>
                        取消置顶
                      </Button>
                    </>
                  ) : (
                    <Button size="small" disabled={busy || pinned.length >= PINNED_WORDS_MAX} onClick={() => void run(() => client.call(staffCalls.homeContent.pinHotWord, { word: row.word }))}>
                      置顶
                    </Button>
                  )}
                  <Button size="small" danger disabled={busy} onClick={() => remove(row)} aria-label={`删除 ${row.word}`}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
