import { useEffect, useRef, useState } from 'react';
import { useStaffClient } from '../../runtime-context.tsx';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Tag from 'antd-mobile/es/components/tag';
import Toast from 'antd-mobile/es/components/toast';
import { COMMON_BACK_CATEGORIES, FEEDBACK_CATEGORY_TEXT, FEEDBACK_MSG, REPLY_TEXT_MAX, type FeedbackCategory, type FeedbackStatus } from '../../../../api/protocol/help-rules.ts';
import * as feedbackCalls from '../../../../api/protocol/staff/feedback.ts';
import type { FeedbackCounts, StaffFeedbackItem } from '../../../../api/protocol/staff/feedback.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import { feedbackSearch, parseFeedbackQuery, type FeedbackQuery, type Paged } from '../../content/content-data.ts';
import { useStaffData } from '../../use-staff-data.ts';
import { chars, Chips, ErrorLine, Pager, PictureViewer, When } from '../../content/parts.tsx';
import { newRequestId } from '../../content/request-id.ts';
import { useUrlQuery } from '../../content/use-query.ts';
import { FeedbackLog } from './FeedbackLog.tsx';
import '../../content/content.css';

const LIMIT = 20;
const STATUS_COLOR: Record<FeedbackStatus, 'warning' | 'success' | 'default'> = { pending: 'warning', replied: 'success', closed: 'default' };
const CATEGORY_OPTIONS: FeedbackCategory[] = [...COMMON_BACK_CATEGORIES, 'game_request'];

type ListState = (Paged<StaffFeedbackItem> & { counts: FeedbackCounts }) | null;

function StatusTag({ item }: { item: Pick<StaffFeedbackItem, 'status' | 'status_text'> }) {
  return (
    <Tag color={STATUS_COLOR[item.status]} fill="outline">
      {item.status_text}
    </Tag>
  );
}

function Filters({ query, counts, onChange }: { query: FeedbackQuery; counts: FeedbackCounts | null; onChange: (next: FeedbackQuery) => void }) {
  const [user, setUser] = useState(query.userId === null ? '' : String(query.userId));
  useEffect(() => setUser(query.userId === null ? '' : String(query.userId)), [query.userId]);
  const count = (status: FeedbackStatus) => (counts ? <span className="content-count">{counts[status]}</span> : null);
  const applyUser = () => {
    const text = user.trim();
    if (text !== '' && !/^[1-9]\d{0,9}$/.test(text)) {
      Toast.show({ content: '玩家ID须为正整数' });
      return;
    }
    onChange({ ...query, userId: text === '' ? null : Number(text), page: 1, id: null });
  };
  return (
    <section className="staff-card" aria-label="筛选">
      <Chips
        label="状态"
        value={query.status ?? 'all'}
        options={[
          { value: 'pending', label: <>待处理{count('pending')}</> },
          { value: 'replied', label: <>已回复{count('replied')}</> },
          { value: 'closed', label: <>已关闭{count('closed')}</> },
          { value: 'all', label: '全部' },
        ]}
        onChange={(value) => onChange({ ...query, status: value === 'all' ? null : value, page: 1, id: null })}
      />
      <div className="staff-row">
        <label className="staff-field">
          <span>类型</span>
          <select name="category" value={query.category ?? ''} onChange={(event) => onChange({ ...query, category: (event.target.value || null) as FeedbackCategory | null, page: 1, id: null })}>
            <option value="">全部类型</option>
            {CATEGORY_OPTIONS.map((category) => (
              <option key={category} value={category}>
                {FEEDBACK_CATEGORY_TEXT[category]}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-field">
          <span>玩家ID</span>
          <input className="content-input" name="user" inputMode="numeric" placeholder="全部玩家" value={user} onChange={(event) => setUser(event.target.value)} onKeyDown={(event) => event.key === 'Enter' && applyUser()} />
        </label>
        <Button size="small" onClick={applyUser}>
          筛选
        </Button>
      </div>
    </section>
  );
}

function FeedbackList({ state, query, error, onOpen, onPage }: { state: ListState; query: FeedbackQuery; error: string; onOpen: (id: number) => void; onPage: (page: number) => void }) {
  return (
    <section className="staff-card content-split-list" aria-label="反馈列表">
      <ErrorLine message={error} />
      {state === null ? (
        <div className="staff-muted">{error ? '' : '加载中…'}</div>
      ) : state.list.length === 0 ? (
        <div className="staff-muted">没有符合条件的反馈</div>
      ) : (
        <ul className="content-list">
          {state.list.map((item) => (
            <li key={item.id}>
              <button type="button" className={item.id === query.id ? 'content-item active' : 'content-item'} data-testid={`feedback-item-${item.id}`} aria-current={item.id === query.id ? 'true' : undefined} onClick={() => onOpen(item.id)}>
                <span className="content-item-head">
                  <StatusTag item={item} />
                  <strong>{item.category_text}</strong>
                  {item.game_name ? <span>「{item.game_name}」</span> : null}
                  {item.images.length > 0 ? <span className="staff-muted">图片 {item.images.length}</span> : null}
                  {item.event_log ? <span className="staff-muted">附使用记录</span> : null}
                </span>
                <span className="content-item-text">{item.content || '（无补充说明）'}</span>
                <span className="content-meta">
                  <span>
                    #{item.id} · {item.user.nickname || '玩家'}（ID {item.user.id}）
                  </span>
                  <When iso={item.created_at} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {state ? <Pager page={state.page} total={state.total} limit={LIMIT} onPage={onPage} /> : null}
    </section>
  );
}

function FeedbackDetail({ id, onBack, onChanged }: { id: number; onBack: () => void; onChanged: () => void }) {
  const client = useStaffClient();
  const [item, setItem] = useState<StaffFeedbackItem | null>(null);
  const [error, setError] = useState('');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const requestId = useRef(newRequestId());

  useEffect(() => {
    let live = true;
    setItem(null);
    setError('');
    setText('');
    requestId.current = newRequestId();
    void client.call(feedbackCalls.detail, { id }).then((answer) => {
      if (!live) return;
      if (answer.code === STAFF_CODE.ok) setItem(answer.data);
      else if (answer.code !== STAFF_CODE.notSignedIn) setError(answer.msg);
    });
    return () => {
      live = false;
    };
  }, [client, id]);

  const length = chars(text.trim());
  const send = async () => {
    if (text.trim() === '') return Toast.show({ content: FEEDBACK_MSG.replyEmpty });
    if (length > REPLY_TEXT_MAX) return Toast.show({ content: FEEDBACK_MSG.replyLong });
    setSending(true);
    const answer = await client.call(feedbackCalls.reply, { id, text, request_id: requestId.current });
    setSending(false);
    if (answer.code !== STAFF_CODE.ok) {
      // The same request id stays: sending again is the same reply, never a second one.
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return;
    }
    setItem(answer.data.feedback);
    setText('');
    requestId.current = newRequestId();
    Toast.show({ content: answer.data.created ? '回复成功，玩家将收到系统通知' : '该回复已提交过' });
    onChanged();
  };

  const close = async () => {
    const sure = await confirm({ title: '关闭反馈', content: '关闭后不能再回复这条反馈，玩家会看到“已关闭”。确定关闭？', confirmText: '关闭反馈', cancelText: '取消' });
    if (!sure) return;
    const answer = await client.call(feedbackCalls.close, { id });
    if (answer.code !== STAFF_CODE.ok) {
      if (answer.code !== STAFF_CODE.notSignedIn) Toast.show({ content: answer.msg });
      return;
    }
    setItem(answer.data.feedback);
    Toast.show({ content: answer.msg });
    onChanged();
  };

  return (
    <section className="staff-card content-split-detail" aria-label="反馈详情">
      <Button size="small" className="content-back" onClick={onBack}>
        ‹ 返回列表
      </Button>
      <ErrorLine message={error} />
      {item === null ? (
        error ? null : <div className="staff-muted">加载中…</div>
      ) : (
        <>
          <div className="content-item-head">
            <h2>
              {item.category_text}反馈 #{item.id}
            </h2>
            <StatusTag item={item} />
          </div>
          <dl className="content-facts">
            <dt>玩家</dt>
            <dd>
              {item.user.nickname || '—'}（ID {item.user.id}，{item.user.phone || '无手机号'}）
            </dd>
            <dt>提交时间</dt>
            <dd>
              <When iso={item.created_at} />
            </dd>
            {item.game_name ? (
              <>
                <dt>想玩的游戏</dt>
                <dd>{item.game_name}</dd>
              </>
            ) : null}
            <dt>联系方式</dt>
            <dd>{item.contact || '—'}</dd>
          </dl>
          <pre className="content-body">{item.content || '（无补充说明）'}</pre>
          {item.images.length > 0 ? (
            <div className="content-pictures" aria-label="反馈图片">
              {item.images.map((src, index) => (
                <button key={src} type="button" className="content-picture" aria-label={`查看图片 ${index + 1}`} onClick={() => setViewing(src)}>
                  <img src={src} alt={`反馈图片 ${index + 1}`} loading="lazy" />
                </button>
              ))}
            </div>
          ) : null}
          {item.event_log ? <FeedbackLog feedbackId={item.id} size={item.event_log.size} /> : null}
          <h2>回复记录</h2>
          {item.replies.length === 0 ? (
            <div className="staff-muted">还没有回复</div>
          ) : (
            <ol className="content-thread" aria-label="回复记录">
              {item.replies.map((reply) => (
                <li key={reply.id} className="content-reply">
                  <span className="content-meta">
                    <span>{reply.staff_name || `员工 ${reply.staff_id}`}</span>
                    <When iso={reply.created_at} />
                  </span>
                  <p>{reply.content}</p>
                </li>
              ))}
            </ol>
          )}
          {item.status === 'closed' ? (
            <div className="staff-muted">该反馈已关闭，不能再回复。</div>
          ) : (
            <>
              <label className="staff-field">
                <span>回复玩家（玩家会在“我的反馈”中看到，并收到一条系统通知）</span>
                <textarea className="content-textarea" name="reply" rows={4} maxLength={REPLY_TEXT_MAX * 2} value={text} placeholder="输入回复内容" onChange={(event) => setText(event.target.value)} />
                <span className={length > REPLY_TEXT_MAX ? 'content-counter content-over' : 'content-counter'}>
                  {length}/{REPLY_TEXT_MAX}
                </span>
              </label>
              <div className="content-actions">
                <Button color="primary" loading={sending} disabled={sending || text.trim() === '' || length > REPLY_TEXT_MAX} onClick={() => void send()}>
                  发送回复
                </Button>
                <Button onClick={() => void close()}>关闭反馈</Button>
              </div>
            </>
          )}
        </>
      )}
      {viewing ? <PictureViewer src={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}

export default function FeedbackPage() {
  const [query, setQuery] = useUrlQuery(parseFeedbackQuery, feedbackSearch);
  const { status, category, userId, page } = query;
  const { data: state, error, reload } = useStaffData('staffFeedback', feedbackCalls.list, {
    page,
    limit: LIMIT,
    ...(status ? { status } : {}),
    ...(category ? { category } : {}),
    ...(userId !== null ? { user_id: userId } : {}),
  });
  return (
    <div className="staff-page">
      <Filters query={query} counts={state?.counts ?? null} onChange={setQuery} />
      <div className={query.id === null ? 'content-split' : 'content-split has-detail'}>
        <FeedbackList state={state} query={query} error={error} onOpen={(id) => setQuery({ ...query, id })} onPage={(next) => setQuery({ ...query, page: next, id: null })} />
        {query.id === null ? (
          <section className="staff-card content-split-detail staff-muted" aria-label="反馈详情">
            在左侧选择一条反馈查看详情
          </section>
        ) : (
          <FeedbackDetail id={query.id} onBack={() => setQuery({ ...query, id: null })} onChanged={reload} />
        )}
      </div>
    </div>
  );
}
