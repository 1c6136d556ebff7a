import { useLayoutEffect, useMemo, useRef, type FormEvent, type UIEvent } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { withTimeMarks } from './chat-time.ts';
import { useServiceChat } from './use-service-chat.ts';
import './service-page.css';

/** Scrolling this close to the top loads the previous page of the chat. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** Within this of the bottom, new messages keep the chat scrolled to the end. */
const STICK_TO_BOTTOM_PX = 80;

function Avatar({ side }: { side: 'in' | 'out' }) {
  return (
    <span className={`chat-avatar chat-avatar--${side}`} aria-hidden="true">
      {side === 'out' ? '客' : '我'}
    </span>
  );
}

/** SPEC §2 "Customer service" (/service, login required): the chat with the service, and its hours. */
export default function ServicePage() {
  const chat = useServiceChat();
  const listRef = useRef<HTMLDivElement>(null);
  const scrollState = useRef({ firstId: -1, lastId: -1, fromBottom: 0 });
  const items = useMemo(() => withTimeMarks(chat.messages, new Date()), [chat.messages]);

  // Keeps the reader's place: older pages grow the list upwards, new messages scroll to the end.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const state = scrollState.current;
    const first = chat.messages[0]?.id ?? -1;
    const last = chat.messages.at(-1);
    if (state.lastId === -1 || (last && last.id !== state.lastId && (state.fromBottom < STICK_TO_BOTTOM_PX || last.direction === 'in'))) {
      list.scrollTop = list.scrollHeight;
    } else if (first !== state.firstId) {
      list.scrollTop = list.scrollHeight - list.clientHeight - state.fromBottom;
    }
    state.firstId = first;
    state.lastId = last?.id ?? -1;
    state.fromBottom = list.scrollHeight - list.clientHeight - list.scrollTop;
    // Nothing to scroll yet: there is no scrolling up to ask for older messages, so fetch them.
    if (chat.hasOlder && list.scrollHeight <= list.clientHeight) chat.loadOlder();
  }, [chat.messages, chat.hasOlder]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    scrollState.current.fromBottom = list.scrollHeight - list.clientHeight - list.scrollTop;
    if (list.scrollTop < LOAD_OLDER_THRESHOLD_PX && chat.hasOlder) chat.loadOlder();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    chat.sendDraft();
  };

  return (
    <div className="service-page">
      <PageHeader title="在线客服" />
      <p className="service-page__hours">
        <span className={chat.service?.status === 'offline' ? 'service-page__dot service-page__dot--off' : 'service-page__dot'} aria-hidden="true" />
        {chat.service ? `客服${chat.service.status === 'offline' ? '已下线' : '在线'} · 服务时间 ${chat.service.hours}` : '正在连接客服…'}
      </p>
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
              ) : (
                <li key={item.key} className={`chat-message chat-message--${item.message.direction}`}>
                  <Avatar side={item.message.direction} />
                  <div className="chat-message__bubble">
                    <span className="chat-visually-hidden">{item.message.direction === 'out' ? '客服：' : '我：'}</span>
                    {item.message.content}
                  </div>
                </li>
              ),
            )}
          </ol>
        </div>
      )}
      <form className="service-page__composer" onSubmit={onSubmit}>
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
    </div>
  );
}
