import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import Button from 'antd-mobile/es/components/button';
import { confirm } from '../../../components/ConfirmDialog.tsx';
import Toast from 'antd-mobile/es/components/toast';
import type { ChatMessage } from '../../../../api/protocol/service-chat.ts';
import { DESK_VIEW_NAMES, DESK_VIEWS, type DeskConversation } from '../../../../api/protocol/service-desk.ts';
import { countOf } from '../../../../machines/service-desk.connect.ts';
import type { StaffPageProps } from '../../modules.ts';
import { CONNECTION_LABELS } from './desk-connection.ts';
import { clockTime, preview, statusText, timeLine } from './desk-format.ts';
import { holderName, useDesk, type Desk, type PendingPicture } from './use-desk.ts';
import './desk.css';

/** What the picture button accepts (the server checks the bytes themselves). */
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
/** Within this of the chat's end, a picture that loads keeps it at the end. */
const STICK_TO_END_PX = 80;
/** Waiting times move on this often. */
const TICK_MS = 15_000;

function useNow(offset: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now + offset;
}

function QueueItem({ conversation, active, now, onSelect }: { conversation: DeskConversation; active: boolean; now: number; onSelect: () => void }) {
  return (
    <li>
      <button type="button" className={active ? 'desk-item active' : 'desk-item'} onClick={onSelect} aria-current={active ? 'true' : undefined} data-testid={`desk-item-${conversation.id}`}>
        <span className="desk-item__top">
          <span className="desk-item__name">{conversation.nickname || '玩家'}</span>
          <span className={`desk-tag desk-tag--${conversation.status}${conversation.mine ? ' desk-tag--mine' : ''}`}>{statusText(conversation)}</span>
        </span>
        <span className="desk-item__preview">{conversation.readable ? preview(conversation.last_message) || '（无消息）' : `由${holderName(conversation)}接待`}</span>
        <span className="desk-item__time">{timeLine(conversation, now)}</span>
      </button>
    </li>
  );
}

function QueuePanel({ desk, now }: { desk: Desk; now: number }) {
  return (
    <section className="staff-card desk-queue" aria-label="会话列表">
      <div className="desk-tabs" role="tablist" aria-label="列表">
        {DESK_VIEWS.map((view) => {
          const count = countOf(desk.queue, view);
          return (
            <button key={view} type="button" role="tab" aria-selected={desk.view === view} className={desk.view === view ? 'desk-tab active' : 'desk-tab'} onClick={() => desk.setView(view)}>
              {DESK_VIEW_NAMES[view]}
              {count !== null && count > 0 ? <span className="desk-count">{count}</span> : null}
            </button>
          );
        })}
      </div>
      <div className={`desk-connection desk-connection--${desk.connection}`} role="status">
        {CONNECTION_LABELS[desk.connection]}
      </div>
      {desk.listError ? <div className="staff-error">{desk.listError}</div> : null}
      {desk.queue === null ? (
        <div className="staff-muted desk-empty">加载中…</div>
      ) : desk.queue.list.length === 0 ? (
        <div className="staff-muted desk-empty">{desk.view === 'queued' ? '暂无排队的玩家' : '暂无会话'}</div>
      ) : (
        <ul className="desk-list" aria-label="会话">
          {desk.queue.list.map((conversation) => (
            <QueueItem key={conversation.id} conversation={conversation} active={desk.open?.id === conversation.id} now={now} onSelect={() => desk.select(conversation.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageLine({ message, now, onView, onPictureLoad }: { message: ChatMessage; now: number; onView: (url: string) => void; onPictureLoad: () => void }) {
  if (message.kind === 'system') {
    return (
      <li className="desk-note">
        <span>{message.content}</span>
      </li>
    );
  }
  const who = message.direction === 'in' ? '玩家' : message.kind === 'agent' ? (message.agent ?? '客服') : message.kind === 'welcome' ? '欢迎语' : '自动回复';
  return (
    <li className={`desk-message desk-message--${message.direction} desk-message--${message.kind}`}>
      <span className="desk-message__meta">
        {who} · {clockTime(message.created_at, now)}
      </span>
      <span className="desk-message__bubble">
        {message.image ? (
          <button type="button" className="desk-picture" onClick={() => onView(message.image!)} aria-label="查看图片">
            <img src={message.image} alt="聊天图片" loading="lazy" onLoad={onPictureLoad} />
          </button>
        ) : null}
        {message.content !== '' ? <span className="desk-message__text">{message.content}</span> : null}
      </span>
    </li>
  );
}

function PendingLine({ picture, onRetry, onDismiss }: { picture: PendingPicture; onRetry: () => void; onDismiss: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(picture.file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [picture.file]);
  return (
    <li className="desk-message desk-message--out desk-message--pending">
      <span className="desk-message__bubble">
        {url ? <img className="desk-pending__img" src={url} alt="待发送的图片" /> : null}
        <span className="desk-pending__state">{picture.failed ? picture.error : picture.progress < 100 ? `上传中 ${picture.progress}%` : '发送中…'}</span>
        {!picture.failed ? <progress max={100} value={picture.progress} aria-label="上传进度" /> : null}
        {picture.failed ? (
          <span className="desk-pending__actions">
            <Button size="mini" onClick={onRetry}>
              重试
            </Button>
            <Button size="mini" onClick={onDismiss}>
              取消
            </Button>
          </span>
        ) : null}
      </span>
    </li>
  );
}

function ReplyBox({ desk }: { desk: Desk }) {
  const [picking, setPicking] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    desk.reply();
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line (not while an input method is composing).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) desk.sendPicture(file);
  };
  return (
    <form className="desk-reply" onSubmit={submit} aria-label="回复">
      {picking ? (
        <div className="desk-quick" role="list" aria-label="快捷回复列表">
          {desk.quickReplies.length === 0 ? <div className="staff-muted">暂无快捷回复</div> : null}
          {desk.quickReplies.map((quick) => (
            <button
              key={quick.id}
              type="button"
              role="listitem"
              className="desk-quick__item"
              onClick={() => {
                desk.setDraft(quick.content);
                setPicking(false);
              }}
            >
              {quick.content}
            </button>
          ))}
        </div>
      ) : null}
      <div className="desk-reply__tools">
        <Button size="small" fill={picking ? 'solid' : 'outline'} onClick={() => setPicking(!picking)} aria-expanded={picking}>
          快捷回复
        </Button>
        <Button size="small" fill="outline" onClick={() => fileRef.current?.click()} disabled={!desk.canPickPicture}>
          发送图片
        </Button>
        <input ref={fileRef} type="file" accept={IMAGE_ACCEPT} hidden onChange={onFile} data-testid="desk-picture-input" />
      </div>
      <div className="desk-reply__row">
        <textarea aria-label="回复内容" placeholder="输入回复，Enter 发送，Shift+Enter 换行" value={desk.draft} maxLength={500} rows={2} onChange={(event) => desk.setDraft(event.target.value)} onKeyDown={onKey} />
        <Button color="primary" type="submit" loading={desk.busy === 'reply'} disabled={!desk.canReply && desk.busy !== 'reply'}>
          发送
        </Button>
      </div>
    </form>
  );
}

function ConversationPanel({ desk, now }: { desk: Desk; now: number }) {
  const open = desk.open;
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = useRef<number>(-1);
  /** Whether the reader is at the end of the chat (pictures that load then keep it there). */
  const atEnd = useRef(true);
  const [viewing, setViewing] = useState<string | null>(null);

  // New messages scroll the chat to its end; older pages keep the reader's place.
  const newest = open?.messages.at(-1)?.id ?? -1;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && newest !== lastId.current) {
      list.scrollTop = list.scrollHeight;
      atEnd.current = true;
    }
    lastId.current = newest;
  }, [newest, desk.picture?.file]);
  const onScroll = () => {
    const list = listRef.current;
    if (list) atEnd.current = list.scrollHeight - list.clientHeight - list.scrollTop < STICK_TO_END_PX;
  };
  const onPictureLoad = () => {
    const list = listRef.current;
    if (list && atEnd.current) list.scrollTop = list.scrollHeight;
  };

  if (!open) {
    return (
      <section className="staff-card desk-chat desk-chat--empty" aria-label="会话详情">
        <div className="staff-muted">从左侧选择一个会话</div>
      </section>
    );
  }
  const conversation = open.conversation;
  const { canTake, canWork } = desk;
  const confirmClose = async () => {
    if (await confirm({ content: '结束后玩家再发消息将重新排队。确定结束本次会话？', confirmText: '结束会话', cancelText: '取消' })) desk.close();
  };
  return (
    <section className="staff-card desk-chat" aria-label="会话详情">
      <header className="desk-chat__head">
        <Button size="small" fill="none" className="desk-back" onClick={desk.back}>
          ‹ 返回
        </Button>
        <div className="desk-chat__who">
          <h2>{conversation?.nickname || '玩家'}</h2>
          {conversation ? <span className={`desk-tag desk-tag--${conversation.status}${conversation.mine ? ' desk-tag--mine' : ''}`}>{statusText(conversation)}</span> : null}
        </div>
        <div className="desk-chat__actions">
          {canTake ? (
            <Button color="primary" size="small" loading={desk.busy === 'take'} onClick={desk.take}>
              接入会话
            </Button>
          ) : null}
          {canWork ? (
            <Button color="danger" fill="outline" size="small" loading={desk.busy === 'close'} onClick={() => void confirmClose()}>
              结束会话
            </Button>
          ) : null}
        </div>
      </header>
      {open.notice ? (
        <div className={`desk-notice desk-notice--${open.notice.kind}`} role="alert">
          <span>{open.notice.text}</span>
          {open.notice.kind === 'takenByOther' ? (
            <Button size="mini" onClick={desk.back}>
              返回列表
            </Button>
          ) : null}
        </div>
      ) : null}
      {open.error ? <div className="staff-error">{open.error}</div> : null}
      <ol className="desk-messages" ref={listRef} aria-label="聊天记录" onScroll={onScroll}>
        {open.hasMore ? (
          <li className="desk-older">
            <Button size="mini" fill="none" loading={open.loadingOlder} onClick={desk.loadOlder}>
              查看更早的消息
            </Button>
          </li>
        ) : null}
        {open.loading && open.messages.length === 0 ? <li className="staff-muted desk-empty">加载中…</li> : null}
        {open.messages.map((message) => (
          <MessageLine key={message.id} message={message} now={now} onView={setViewing} onPictureLoad={onPictureLoad} />
        ))}
        {desk.picture ? <PendingLine picture={desk.picture} onRetry={desk.retryPicture} onDismiss={desk.dismissPicture} /> : null}
      </ol>
      {canWork ? <ReplyBox desk={desk} /> : canTake ? <div className="desk-footer staff-muted">接入后即可回复</div> : null}
      {viewing ? (
        <div className="desk-viewer" role="dialog" aria-label="查看图片" onClick={() => setViewing(null)}>
          <img src={viewing} alt="聊天图片（大图）" />
        </div>
      ) : null}
    </section>
  );
}

/** 客服工作台: the queue and the agent's conversations, live; take, reply (text, quick replies, pictures), close. */
export default function DeskPage({ staff }: StaffPageProps) {
  const desk = useDesk({ isAdmin: staff.role === 'admin', notify: (content) => Toast.show({ content }) });
  const now = useNow(desk.clockOffset);
  return (
    <div className={desk.open ? 'desk desk--chat' : 'desk desk--list'}>
      <QueuePanel desk={desk} now={now} />
      <ConversationPanel desk={desk} now={now} />
    </div>
  );
}
