import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useCallback, useState } from 'react';
import { MESSAGE_KIND_NAMES, type MessageKind } from '../../../api/protocol/messages.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../games/PagedListView.tsx';
import { usePagedCall } from '../games/use-paged-games.ts';
import { formatMessageTime, type MessageItem } from './message-data.ts';
import { useDeleteMessage, useOpenMessage, useReadAll } from './use-messages.ts';
import './messages.css';
import * as messageCalls from '../../../api/protocol/calls/messages.ts';

/** The message centre's lists (/infoactivity, /infotrading, /infoaccountsell, /infoorder, 系统通知). */

export const MESSAGE_ROW_HEIGHT = 128;
export const TRADING_DETAIL_PATH = '/infotradingDetail';
export const DELETE_CONFIRM = '确定删除这条消息吗？';

const EMPTY: Record<MessageKind, string> = {
  activity: '暂无活动消息',
  trading: '暂无交易消息',
  account_sale: '暂无账号出售消息',
  order: '暂无订单消息',
  system: '暂无系统通知',
};

/** A title bar with 全部已读 on its right. */
export function MessagesHeader({ title, onReadAll, canReadAll }: { title: string; onReadAll: () => void; canReadAll: boolean }) {
  return (
    <div className="messages-head">
      <PageHeader title={title} />
      <button type="button" className="messages-header-action" onClick={onReadAll} disabled={!canReadAll}>
        全部已读
      </button>
    </div>
  );
}

export function MessageRow({ message, read, onOpen, onDelete }: { message: MessageItem; read: boolean; onOpen: () => void; onDelete: () => void }) {
  const hint = message.link ? '查看详情' : message.kind === 'trading' ? '查看全文' : '';
  return (
    <div className={read ? 'message-row message-row--read' : 'message-row'} data-testid={`message-${message.id}`}>
      <article className="message-row__card" aria-label={message.title}>
        <button type="button" className="message-row__open" onClick={onOpen}>
          <span className="message-row__head">
            {!read && <span className="message-row__dot" aria-label="未读" />}
            <span className="message-row__title">{message.title}</span>
            <span className="message-row__time">{formatMessageTime(message.created_at)}</span>
          </span>
          <span className="message-row__content" data-clamp>{message.content}</span>
        </button>
        <span className="message-row__foot">
          <span className="message-row__more">{hint}</span>
          <button type="button" className="message-row__delete" onClick={onDelete} aria-label={`删除：${message.title}`}>
            删除
          </button>
        </span>
      </article>
    </div>
  );
}

/** One kind's messages, newest first, paged; tap opens (marks read, follows the link); 全部已读; delete. */
export function MessageKindList({ kind, title, onChanged }: { kind: MessageKind; title?: string; onChanged?: () => void }) {
  const navigate = useNavigate();
  const list = usePagedCall('messages', messageCalls.getMessageList, { kind });
  const [readIds, setReadIds] = useState<ReadonlySet<number>>(new Set());
  const [shown, setShown] = useState<MessageItem | null>(null);
  const [deleting, setDeleting] = useState<MessageItem | null>(null);
  const { refresh } = list;
  const changed = useCallback(() => {
    setReadIds(new Set());
    refresh();
    onChanged?.();
  }, [refresh, onChanged]);
  const readAll = useReadAll(kind, changed);
  const open = useOpenMessage();
  const remove = useDeleteMessage(changed);
  const unread = typeof list.meta?.unread === 'number' ? list.meta.unread : 0;
  const anyUnread = list.items.some((m) => !m.read && !readIds.has(m.id)) && unread > 0;

  const onOpen = async (message: MessageItem) => {
    if (!message.link && message.kind === 'trading') return navigate(TRADING_DETAIL_PATH, { id: message.id });
    if (!(await open(message))) return;
    setReadIds((ids) => new Set(ids).add(message.id));
    onChanged?.();
    if (!message.link) setShown(message);
  };

  return (
    <div className="messages-page">
      <MessagesHeader title={title ?? MESSAGE_KIND_NAMES[kind]} onReadAll={() => void readAll()} canReadAll={anyUnread} />
      <PagedListView
        list={list}
        rowHeight={MESSAGE_ROW_HEIGHT}
        label={MESSAGE_KIND_NAMES[kind]}
        emptyMessage={EMPTY[kind]}
        getKey={(message) => String(message.id)}
        renderRow={(message) => (
          <MessageRow message={message} read={message.read || readIds.has(message.id)} onOpen={() => void onOpen(message)} onDelete={() => setDeleting(message)} />
        )}
      />
      <ConfirmDialog
        visible={shown !== null}
        title={shown?.title}
        content={<p className="message-detail__content">{shown?.content}</p>}
        confirmText="知道了"
        maskClosable
        onConfirm={() => setShown(null)}
        onCancel={() => setShown(null)}
      />
      <ConfirmDialog
        visible={deleting !== null}
        content={DELETE_CONFIRM}
        cancelText="取消"
        confirmText="删除"
        danger
        maskClosable
        onConfirm={() => {
          if (deleting) void remove(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
