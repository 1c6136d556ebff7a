import { useRef, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { MESSAGE_CONTENT_MAX, MESSAGE_KIND_NAMES, MESSAGE_KINDS, MESSAGE_MSG, MESSAGE_TITLE_MAX, type MessageKind } from '../../../../api/protocol/messages.ts';
import { list as broadcastList, type StaffBroadcast } from '../../../../api/protocol/staff/broadcasts.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { broadcastsSearch, parseBroadcastsQuery, parseLinkInput } from '../../content/content-data.ts';
import { chars, Chips, ErrorLine, Pager, When } from '../../content/parts.tsx';
import { newRequestId } from '../../content/request-id.ts';
import { useUrlQuery } from '../../content/use-query.ts';
import { useStaffData } from '../../use-staff-data.ts';
import '../../content/content.css';

const LIMIT = 20;
const KIND_OPTIONS = MESSAGE_KINDS.map((kind) => ({ value: kind, label: MESSAGE_KIND_NAMES[kind] }));

function linkText(link: StaffBroadcast['link']): string {
  if (!link) return '';
  return link.data ? `${link.path} ${JSON.stringify(link.data)}` : link.path;
}

function SendForm({ onSent }: { onSent: () => void }) {
  const client = useStaffClient();
  const [kind, setKind] = useState<MessageKind>('activity');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [path, setPath] = useState('');
  const [data, setData] = useState('');
  const [sending, setSending] = useState(false);
  const requestId = useRef(newRequestId());
  const titleLength = chars(title.trim());
  const contentLength = chars(content.trim());
  const link = parseLinkInput(path, data);

  const send = async () => {
    if (title.trim() === '') return Toast.show({ content: MESSAGE_MSG.messageTitleRequired });
    if (titleLength > MESSAGE_TITLE_MAX) return Toast.show({ content: MESSAGE_MSG.messageTitleTooLong });
    if (content.trim() === '') return Toast.show({ content: MESSAGE_MSG.messageContentRequired });
    if (contentLength > MESSAGE_CONTENT_MAX) return Toast.show({ content: MESSAGE_MSG.messageContentTooLong });
    if (!link.ok) return Toast.show({ content: link.message });
    const sure = await confirm({ title: '发送站内广播', content: `「${title.trim()}」将作为${MESSAGE_KIND_NAMES[kind]}发给全部玩家（包括之后注册的玩家），发出后不能撤回。确定发送？`, confirmText: '发送', cancelText: '取消' });
    if (!sure) return;
    setSending(true);
    const answer = await client.call(staffCalls.broadcasts.send, { kind, title, content, link: link.link, request_id: requestId.current });
    setSending(false);
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return;
    }
    requestId.current = newRequestId();
    setTitle('');
    setContent('');
    setPath('');
    setData('');
    Toast.show({ content: answer.data.created ? answer.msg : '该消息已发送过' });
    onSent();
  };

  return (
    <section className="staff-card" aria-label="发送站内广播">
      <h2>发送站内广播</h2>
      <div className="staff-field">
        <span>消息类型（玩家在消息中心对应的分类里看到）</span>
        <Chips label="消息类型" value={kind} options={KIND_OPTIONS} onChange={setKind} />
      </div>
      <label className="staff-field">
        <span>标题</span>
        <input className="content-input" name="title" value={title} placeholder="如：周末双倍积分" onChange={(event) => setTitle(event.target.value)} />
        <span className={titleLength > MESSAGE_TITLE_MAX ? 'content-counter content-over' : 'content-counter'}>
          {titleLength}/{MESSAGE_TITLE_MAX}
        </span>
      </label>
      <label className="staff-field">
        <span>内容（纯文本）</span>
        <textarea className="content-textarea" name="content" rows={4} value={content} onChange={(event) => setContent(event.target.value)} />
        <span className={contentLength > MESSAGE_CONTENT_MAX ? 'content-counter content-over' : 'content-counter'}>
          {contentLength}/{MESSAGE_CONTENT_MAX}
        </span>
      </label>
      <div className="staff-row">
        <label className="staff-field staff-grow">
          <span>点击后打开的页面（可选）</span>
          <input className="content-input" name="link-path" value={path} placeholder="如 /dailymission" onChange={(event) => setPath(event.target.value)} />
        </label>
        <label className="staff-field staff-grow">
          <span>页面参数（可选，JSON 对象）</span>
          <input className="content-input content-code" name="link-data" value={data} placeholder='如 {"id": 12}' onChange={(event) => setData(event.target.value)} />
        </label>
      </div>
      {!link.ok ? <div className="staff-error">{link.message}</div> : null}
      <section className="content-message" aria-label="消息预览">
        <span className="content-meta">
          {MESSAGE_KIND_NAMES[kind]} · 预览
        </span>
        <h3>{title.trim() || '标题'}</h3>
        <p>{content.trim() || '内容'}</p>
        {link.ok && link.link ? <span className="content-meta">点击打开 {linkText(link.link)}</span> : null}
      </section>
      <Button color="primary" loading={sending} disabled={sending} onClick={() => void send()}>
        发送给全部玩家
      </Button>
    </section>
  );
}

export default function BroadcastsPage() {
  const [query, setQuery] = useUrlQuery(parseBroadcastsQuery, broadcastsSearch);
  const { kind, page } = query;
  const { data: state, error, reload } = useStaffData('staffBroadcasts', broadcastList, { page, limit: LIMIT, ...(kind ? { kind } : {}) });
  return (
    <div className="staff-page">
      <SendForm
        onSent={() => {
          if (query.page !== 1 || query.kind) setQuery({ kind: null, page: 1 });
          else reload();
        }}
      />
      <section className="staff-card" aria-label="已发送">
        <h2>已发送</h2>
        <Chips label="类型" value={kind ?? 'all'} options={[{ value: 'all' as const, label: '全部' }, ...KIND_OPTIONS]} onChange={(value) => setQuery({ kind: value === 'all' ? null : value, page: 1 })} />
        <ErrorLine message={error} />
        {state === null ? (
          <div className="staff-muted">{error ? '' : '加载中…'}</div>
        ) : state.list.length === 0 ? (
          <div className="staff-muted">暂无站内广播</div>
        ) : (
          <ul className="content-list">
            {state.list.map((item) => (
              <li key={item.id} className="content-item static" data-testid={`broadcast-${item.id}`}>
                <span className="content-item-head">
                  <Tag color="primary" fill="outline">
                    {item.kind_name}
                  </Tag>
                  <strong>{item.title}</strong>
                </span>
                <span className="content-item-text">{item.content}</span>
                <span className="content-meta">
                  <When iso={item.created_at} />
                  <span>{item.author_name || '系统'}</span>
                  <span>已读 {item.read_count} 人</span>
                  {item.link ? <span>链接 {linkText(item.link)}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {state ? <Pager page={state.page} total={state.total} limit={LIMIT} onPage={(next) => setQuery({ ...query, page: next })} /> : null}
      </section>
    </div>
  );
}
