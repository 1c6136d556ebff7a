import { useRef, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Switch from 'antd-mobile/es/components/switch';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { MESSAGE_MSG, NOTICE_TITLE_MAX } from '../../../../api/protocol/messages.ts';
import * as noticeCalls from '../../../../api/protocol/staff/notices.ts';
import type { StaffNotice } from '../../../../api/protocol/staff/notices.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { noticesSearch, parseNoticesQuery } from '../../content/content-data.ts';
import { HtmlEditor } from '../../content/HtmlEditor.tsx';
import { chars, Chips, ErrorLine, HtmlView, Pager, When } from '../../content/parts.tsx';
import { newRequestId } from '../../content/request-id.ts';
import { useUrlQuery } from '../../content/use-query.ts';
import { useStaffData } from '../../use-staff-data.ts';
import '../../content/content.css';

const LIMIT = 20;

function PublishForm({ onPublished }: { onPublished: () => void }) {
  const client = useStaffClient();
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState('');
  const [popup, setPopup] = useState(false);
  const [sending, setSending] = useState(false);
  const requestId = useRef(newRequestId());
  const titleLength = chars(title.trim());

  const publish = async () => {
    if (title.trim() === '') return Toast.show({ content: MESSAGE_MSG.noticeTitleRequired });
    if (titleLength > NOTICE_TITLE_MAX) return Toast.show({ content: MESSAGE_MSG.noticeTitleTooLong });
    if (html.trim() === '') return Toast.show({ content: MESSAGE_MSG.noticeContentRequired });
    const sure = await confirm({
      title: '发布公告',
      content: popup ? '发布后所有玩家可在公告列表看到，并在打开App时弹出一次。确定发布？' : '发布后所有玩家可在公告列表看到。确定发布？',
      confirmText: '发布',
      cancelText: '取消',
    });
    if (!sure) return;
    setSending(true);
    const answer = await client.call(staffCalls.notices.publish, { title, html, popup: popup ? '1' : '0', request_id: requestId.current });
    setSending(false);
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return;
    }
    requestId.current = newRequestId();
    setTitle('');
    setHtml('');
    setPopup(false);
    Toast.show({ content: answer.data.created ? answer.msg : '该公告已发布过' });
    onPublished();
  };

  return (
    <section className="staff-card" aria-label="发布公告">
      <h2>发布公告</h2>
      <label className="staff-field">
        <span>标题</span>
        <input className="content-input" name="title" value={title} placeholder="如：停服维护公告" onChange={(event) => setTitle(event.target.value)} />
        <span className={titleLength > NOTICE_TITLE_MAX ? 'content-counter content-over' : 'content-counter'}>
          {titleLength}/{NOTICE_TITLE_MAX}
        </span>
      </label>
      <HtmlEditor label="正文" value={html} onChange={setHtml} previewCall={noticeCalls.preview} placeholder={'<p>尊敬的玩家：</p>\n<p>…</p>'} />
      <div className="content-switch">
        <Switch checked={popup} onChange={setPopup} aria-label="弹窗公告" />
        <span>
          弹窗公告<span className="staff-muted">（开启后，玩家在首页各弹出一次；同时只弹最新的一条）</span>
        </span>
      </div>
      <Button color="primary" loading={sending} disabled={sending} onClick={() => void publish()}>
        发布公告
      </Button>
    </section>
  );
}

function NoticeRow({ notice, onWithdrawn }: { notice: StaffNotice; onWithdrawn: (notice: StaffNotice) => void }) {
  const client = useStaffClient();
  const [open, setOpen] = useState(false);
  const withdraw = async () => {
    const sure = await confirm({ title: '撤回公告', content: `撤回「${notice.title}」？撤回后玩家不再看到它，也不会再弹出。`, confirmText: '撤回', cancelText: '取消' });
    if (!sure) return;
    const answer = await client.call(noticeCalls.withdraw, { id: notice.id });
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return;
    }
    Toast.show({ content: answer.msg });
    onWithdrawn(answer.data.notice);
  };
  return (
    <li className="content-item static" data-testid={`notice-${notice.id}`}>
      <span className="content-item-head">
        {notice.withdrawn_at ? <Tag fill="outline">已撤回</Tag> : <Tag color="success" fill="outline">在线</Tag>}
        {notice.popup ? <Tag color="warning" fill="outline">弹窗</Tag> : null}
        <strong>{notice.title}</strong>
      </span>
      <span className="content-meta">
        <span>
          发布 <When iso={notice.published_at} /> {notice.author_name || '系统'}
        </span>
        {notice.withdrawn_at ? (
          <span>
            撤回 <When iso={notice.withdrawn_at} /> {notice.withdrawn_by_name}
          </span>
        ) : null}
        {notice.popup ? <span>已弹出 {notice.seen_count} 人</span> : null}
      </span>
      <span className="content-actions">
        <Button size="mini" onClick={() => setOpen(!open)}>
          {open ? '收起' : '查看'}
        </Button>
        {notice.withdrawn_at ? null : (
          <Button size="mini" color="danger" fill="outline" onClick={() => void withdraw()}>
            撤回
          </Button>
        )}
      </span>
      {open ? <HtmlView html={notice.content} label={`${notice.title} 正文`} /> : null}
    </li>
  );
}

export default function NoticesPage() {
  const [query, setQuery] = useUrlQuery(parseNoticesQuery, noticesSearch);
  const { state: filter, page } = query;
  const { data: state, error, reload } = useStaffData('staffNotices', noticeCalls.list, { page, limit: LIMIT, ...(filter ? { state: filter } : {}) });
  return (
    <div className="staff-page">
      <PublishForm
        onPublished={() => {
          if (query.page !== 1 || query.state === 'withdrawn') setQuery({ state: null, page: 1 });
          else reload();
        }}
      />
      <section className="staff-card" aria-label="公告列表">
        <h2>公告列表</h2>
        <Chips
          label="状态"
          value={filter ?? 'all'}
          options={[
            { value: 'all', label: '全部' },
            { value: 'live', label: '在线' },
            { value: 'withdrawn', label: '已撤回' },
          ]}
          onChange={(value) => setQuery({ state: value === 'all' ? null : value, page: 1 })}
        />
        <ErrorLine message={error} />
        {state === null ? (
          <div className="staff-muted">{error ? '' : '加载中…'}</div>
        ) : state.list.length === 0 ? (
          <div className="staff-muted">暂无公告</div>
        ) : (
          <ul className="content-list">
            {state.list.map((notice) => (
              <NoticeRow key={notice.id} notice={notice} onWithdrawn={reload} />
            ))}
          </ul>
        )}
        {state ? <Pager page={state.page} total={state.total} limit={LIMIT} onPage={(next) => setQuery({ ...query, page: next })} /> : null}
      </section>
    </div>
  );
}
