import { useCallback, useEffect, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Toast from 'antd-mobile/es/components/toast';
import { QUICK_REPLY_SORT_MAX, type QuickReplyView } from '../../../../api/protocol/service-desk.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { quickReplies, quickReplyUpdate } from '../../../../api/protocol/staff/service.ts';
import './quick-replies.css';

/** A sort key typed in the form: '' is none, else 0 … QUICK_REPLY_SORT_MAX (the server checks it again). */
function sortOf(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t);
}

function Row({ reply, onSaved, onDeleted }: { reply: QuickReplyView; onSaved: (next: QuickReplyView) => void; onDeleted: () => void }) {
  const client = useStaffClient();
  const [content, setContent] = useState(reply.content);
  const [sort, setSort] = useState(String(reply.sort));
  const [saving, setSaving] = useState(false);
  const changed = content.trim() !== reply.content || sort.trim() !== String(reply.sort);
  const save = async () => {
    setSaving(true);
    const answer = await client.call(quickReplyUpdate, { id: reply.id, content, ...(sortOf(sort) !== undefined ? { sort: sortOf(sort) } : {}) });
    setSaving(false);
    if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
    if (answer.code === STAFF_CODE.ok) onSaved(answer.data);
  };
  const remove = async () => {
    if (!(await confirm({ content: `删除这条快捷回复？\n${reply.content}`, confirmText: '删除', cancelText: '取消' }))) return;
    const answer = await client.call(staffCalls.service.quickReplyDelete, { id: reply.id });
    if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
    if (answer.code === STAFF_CODE.ok) onDeleted();
  };
  return (
    <tr data-testid={`quick-reply-${reply.id}`}>
      <td className="quick-sort">
        <input aria-label="排序" inputMode="numeric" value={sort} onChange={(event) => setSort(event.target.value)} />
      </td>
      <td className="quick-content">
        <textarea aria-label="内容" value={content} maxLength={500} rows={2} onChange={(event) => setContent(event.target.value)} />
      </td>
      <td>
        <div className="staff-actions">
          <Button size="mini" color="primary" disabled={!changed} loading={saving} onClick={() => void save()}>
            保存
          </Button>
          <Button size="mini" color="danger" fill="outline" onClick={() => void remove()}>
            删除
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** 快捷回复 (admin): the canned answers every agent's reply box offers, in their order. */
export default function QuickRepliesPage() {
  const client = useStaffClient();
  const [list, setList] = useState<QuickReplyView[] | null>(null);
  const [error, setError] = useState('');
  const [content, setContent] = useState('');
  const [sort, setSort] = useState('');
  const [adding, setAdding] = useState(false);

  const load = useCallback(async () => {
    const answer = await client.call(quickReplies, {});
    if (answer.code === STAFF_CODE.notSignedIn) return;
    if (answer.code === STAFF_CODE.ok) {
      setList(answer.data.list);
      setError('');
    } else setError(answer.msg);
  }, [client]);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async () => {
    setAdding(true);
    const answer = await client.call(staffCalls.service.quickReplyCreate, { content, ...(sortOf(sort) !== undefined ? { sort: sortOf(sort) } : {}) });
    setAdding(false);
    if (answer.code === STAFF_CODE.notSignedIn) return;
    Toast.show({ content: answer.msg });
    if (answer.code === STAFF_CODE.ok) {
      setContent('');
      setSort('');
      void load();
    }
  };

  return (
    <div className="staff-page">
      <section className="staff-card" aria-label="新增快捷回复">
        <h2>新增快捷回复</h2>
        <div className="staff-row">
          <label className="staff-field staff-grow">
            <span>内容</span>
            <textarea className="quick-new" value={content} maxLength={500} rows={2} placeholder="客服在回复框中一键选用的话术" onChange={(event) => setContent(event.target.value)} />
          </label>
          <label className="staff-field">
            <span>排序（0–{QUICK_REPLY_SORT_MAX}，小的在前）</span>
            <input className="quick-new" inputMode="numeric" value={sort} placeholder="0" onChange={(event) => setSort(event.target.value)} />
          </label>
          <Button color="primary" loading={adding} disabled={content.trim() === ''} onClick={() => void add()}>
            添加
          </Button>
        </div>
      </section>
      <section className="staff-card" aria-label="快捷回复">
        {error ? <div className="staff-error">{error}</div> : null}
        {list === null ? (
          <div className="staff-muted">加载中…</div>
        ) : list.length === 0 ? (
          <div className="staff-muted">暂无快捷回复</div>
        ) : (
          <table className="staff-table quick-table">
            <thead>
              <tr>
                <th>排序</th>
                <th>内容</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {list.map((reply) => (
                <Row key={`${reply.id}:${reply.content}:${reply.sort}`} reply={reply} onSaved={() => void load()} onDeleted={() => void load()} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
