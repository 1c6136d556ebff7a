import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type UIEvent } from 'react';
import type { ChatMessage, ServiceQueue } from '../../../api/protocol/service-chat.ts';
import { LIVE_LABELS } from '../../../machines/service-live.constants.ts';
import { CenterDialog } from '../../components/CenterDialog.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { withTimeMarks } from './chat-time.ts';
import { useServiceChat, type ConnectionState } from './use-service-chat.ts';
import './service-page.css';

/** Scrolling this close to the top loads the previous page of the chat. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** Within this of the bottom, new messages keep the chat scrolled to the end. */
const STICK_TO_BOTTOM_PX = 80;
/** What the picture button accepts (the server checks the bytes themselves). */
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

function Avatar({ side }: { side: 'in' | 'out' }) {
  return (
    <span className={`chat-avatar chat-avatar--${side}`} aria-hidden="true">
      {side === 'out' ? '客' : '我'}
    </span>
  );
}

/** The queue line: 排队中 第N位 / 客服XX为您服务 / 已结束 (nothing before the first message). */
function QueueBar({ queue, connection }: { queue: ServiceQueue | null; connection: ConnectionState }) {
  const showConnection = connection === 'fallback' || connection === 'connecting';
  if ((!queue || queue.state === 'none') && !showConnection) return null;
  const state = queue?.state ?? 'none';
  return (
    <div className={`service-queue service-queue--${state}`} role="status" aria-live="polite">
      {queue && queue.state !== 'none' && <span className="service-queue__text">{queue.text}</span>}
      {queue?.state === 'closed' && <span className="service-queue__hint">发送消息将重新排队</span>}
      {showConnection && <span className="service-queue__connection">{LIVE_LABELS[connection]}</span>}
    </div>
  );
}

function Bubble({ message, onView }: { message: ChatMessage; onView: (url: string) => void }) {
  return (
    <div className={message.image && message.content === '' ? 'chat-message__bubble chat-message__bubble--picture' : 'chat-message__bubble'}>
      <span className="chat-visually-hidden">{message.direction === 'out' ? '客服：' : '我：'}</span>
      {message.image && (
        <button type="button" className="chat-message__picture" onClick={() => onView(message.image!)} aria-label="查看图片">
          <img src={message.image} alt="聊天图片" loading="lazy" />
        </button>
      )}
      {message.content !== '' && <span className="chat-message__text">{message.content}</span>}
    </div>
  );
}

/** The picture being sent: its preview, the upload progress, and on failure 重试 / 取消. */
function PendingPicture({ file, progress, failed, error, onRetry, onDismiss }: { file: Blob; progress: number; failed: boolean; error: string | null; onRetry: () => void; onDismiss: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <li className="chat-message chat-message--in chat-message--pending">
      <Avatar side="in" />
      <div className="chat-message__bubble">
        <div className="chat-pending">
          {url && <img src={url} alt="待发送的图片" />}
          <span className="chat-pending__state">{failed ? error || '发送失败' : progress < 100 ? `上传中 ${progress}%` : '发送中…'}</span>
          {!failed && <progress className="chat-pending__bar" max={100} value={progress} aria-label="上传进度" />}
        </div>
        {failed && (
          <div className="chat-pending__actions">
            <button type="button" onClick={onRetry}>
              重试
            </button>
            <button type="button" onClick={onDismiss}>
              取消
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** SPEC §2 "Customer service" (/service, login required): the chat with the service, its hours, the queue. */
export default function ServicePage() {
  const chat = useServiceChat();
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const scrollState = useRef({ firstId: -1, lastId: -1, fromBottom: 0 });
  const [viewing, setViewing] = useState<string | null>(null);
  const items = useMemo(() => withTimeMarks(chat.messages, new Date()), [chat.messages]);
  const status = chat.queue?.status ?? chat.service?.status;

  // Keeps the reader's place: older pages grow the list upwards, new messages scroll to the end.
  const { messages, hasOlder, loadOlder, image } = chat;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const state = scrollState.current;
    const first = messages[0]?.id ?? -1;
    const last = messages.at(-1);
    if (state.lastId === -1 || (last && last.id !== state.lastId && (state.fromBottom < STICK_TO_BOTTOM_PX || last.direction === 'in'))) {
      list.scrollTop = list.scrollHeight;
    } else if (first !== state.firstId) {
      list.scrollTop = list.scrollHeight - list.clientHeight - state.fromBottom;
    }
    state.firstId = first;
    state.lastId = last?.id ?? -1;
    state.fromBottom = list.scrollHeight - list.clientHeight - list.scrollTop;
    // Nothing to scroll yet: there is no scrolling up to ask for older messages, so fetch them.
    if (hasOlder && list.scrollHeight <= list.clientHeight) loadOlder();
  }, [messages, hasOlder, loadOlder]);

  // The pending picture joins the end of the chat (once per picked file, not per upload step).
  const pendingFile = image?.file;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && pendingFile) list.scrollTop = list.scrollHeight;
  }, [pendingFile]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    scrollState.current.fromBottom = list.scrollHeight - list.clientHeight - list.scrollTop;
    if (list.scrollTop < LOAD_OLDER_THRESHOLD_PX && chat.hasOlder) chat.loadOlder();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    chat.sendDraft();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) chat.pickImage(file);
  };

  return (
    <div className="service-page">
      <PageHeader title="在线客服" />
      <p className="service-page__hours">
        <span className={status === 'offline' ? 'service-page__dot service-page__dot--off' : 'service-page__dot'} aria-hidden="true" />
        {chat.service ? `客服${status === 'offline' ? '已下线' : '在线'} · 服务时间 ${chat.service.hours}` : '正在连接客服…'}
      </p>
      <QueueBar queue={chat.queue} connection={chat.connection} />
      {chat.status === 'failed' ? (
        <div className="service-page__messages">
          <LoadFailed message={chat.error} onRetry={chat.retry} />
        </div>
      ) : (
        <div className="service-page__messages" ref={listRef} onScroll={onScroll} aria-busy={chat.status === 'loading'}>
          {chat.status === 'ready' && (
            <p className="service-page__more">{chat.loadingOlder ? '加载中…' : chat.hasOlder ? '上滑查看更早的消息' : '没有更早的消息了'}</p>
          )}
          <ol className="chat-list" aria-label="聊天记录">
            {items.map((item) =>
              item.kind === 'time' ? (
                <li key={item.key} className="chat-time">
                  {item.label}
                </li>
              ) : item.message.kind === 'system' ? (
                <li key={item.key} className="chat-note">
                  {item.message.content}
                </li>
              ) : (
                <li key={item.key} className={`chat-message chat-message--${item.message.direction}`}>
                  <Avatar side={item.message.direction} />
                  <div className="chat-message__body">
                    {item.message.agent && <span className="chat-message__agent">{item.message.agent}</span>}
                    <Bubble message={item.message} onView={setViewing} />
                  </div>
                </li>
              ),
            )}
            {chat.image && (
              <PendingPicture
                file={chat.image.file}
                progress={chat.image.progress}
                failed={chat.imageStage === 'failed'}
                error={chat.image.error}
                onRetry={chat.retryImage}
                onDismiss={chat.dismissImage}
              />
            )}
          </ol>
        </div>
      )}
      <form className="service-page__composer" onSubmit={onSubmit}>
        <button type="button" className="service-page__picture" aria-label="选择图片" disabled={!chat.canPickImage || chat.status !== 'ready'} onClick={() => fileRef.current?.click()}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="9" cy="10" r="1.8" fill="currentColor" />
            <path d="M4.5 17.5l5-5 3.5 3.5 2.5-2.5 4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
        </button>
        <input ref={fileRef} className="chat-visually-hidden" type="file" accept={IMAGE_ACCEPT} onChange={onPick} tabIndex={-1} aria-hidden="true" data-testid="service-picture-input" />
        <textarea
          className="service-page__input"
          aria-label="输入消息"
          placeholder="请描述您的问题"
          rows={1}
          maxLength={chat.maxLength}
          value={chat.draft}
          onChange={(event) => chat.changeDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              chat.sendDraft();
            }
          }}
        />
        <button type="submit" className="service-page__send" disabled={!chat.canSend}>
          {chat.sending ? '发送中' : '发送'}
        </button>
      </form>
      {viewing && (
        <CenterDialog open onClose={() => setViewing(null)} fullScreen label="查看图片" className="chat-viewer__frame">
          <div className="chat-viewer" onClick={() => setViewing(null)}>
            <img src={viewing} alt="聊天图片（大图）" />
            <button type="button" className="chat-viewer__close" aria-label="关闭">
              ×
            </button>
          </div>
        </CenterDialog>
      )}
    </div>
  );
}
