import { MESSAGE_KIND_NAMES, MESSAGE_KINDS, type MessageKind } from '../../../api/protocol/messages.ts';
import { Link } from '../../app/Link.tsx';
import type { PageProps } from '../../app/routes.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { useCurrentPath, useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { EmptyState } from '../../components/list/ListStates.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatMessageTime, idOf, kindOf } from '../../features/messages/message-data.ts';
import { MessageKindList, MessagesHeader } from '../../features/messages/MessageViews.tsx';
import { UnreadBadge } from '../../features/messages/UnreadBadge.tsx';
import { useDeleteMessage, useReadAll, useUnreadCounts } from '../../features/messages/use-messages.ts';
import * as messageCalls from '../../../api/protocol/calls/messages.ts';

/**
 * The message centre (SPEC §2 "Information"), one page file for its routes (each page
 * file costs the entry chunk a loader): /infocenter (an entry per kind with its unread badge, 公告,
 * 全部已读; `{ kind: 'system' }` lists 系统通知, which has no route of its own), /infoactivity,
 * /infotrading, /infoaccountsell, /infoorder (one kind each) and /infotradingDetail (`{ id }`: one
 * trading message in full).
 */

const KIND_ROUTES: Record<string, MessageKind> = {
  '/infoactivity': 'activity',
  '/infotrading': 'trading',
  '/infoaccountsell': 'account_sale',
  '/infoorder': 'order',
};

/** Where each kind's entry of /infocenter goes. */
export function kindTarget(kind: MessageKind): { to: string; data: { kind: MessageKind } | null } {
  const path = Object.keys(KIND_ROUTES).find((route) => KIND_ROUTES[route] === kind);
  return path ? { to: path, data: null } : { to: '/infocenter', data: { kind } };
}

const HINTS: Record<MessageKind, string> = {
  activity: '福利活动、优惠上新',
  trading: '账号买卖的进度与提醒',
  account_sale: '出售账号的审核与成交',
  order: '充值、到账与退款',
  system: '平台通知与账号提醒',
};

function KindGlyph({ kind }: { kind: MessageKind | 'notice' }) {
  const paths: Record<MessageKind | 'notice', string> = {
    activity: 'M12 3l2.6 5.6 6 .6-4.5 4 1.3 6L12 16.3 6.6 19.2l1.3-6-4.5-4 6-.6z',
    trading: 'M4 8h13l-3-3M20 16H7l3 3',
    account_sale: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c1-4 4-6 7-6s6 2 7 6',
    order: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
    system: 'M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 16a2 2 0 0 0 4 0',
    notice: 'M4 10v4h3l6 4V6L7 10zm13-1a4 4 0 0 1 0 6',
  };
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d={paths[kind]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function InfoCenter() {
  const unread = useUnreadCounts();
  const readAll = useReadAll(undefined, unread.refresh);
  const counts = unread.counts;
  return (
    <div className="messages-page">
      <MessagesHeader title="消息中心" onReadAll={() => void readAll()} canReadAll={(counts?.total ?? 0) > 0} />
      <nav className="info-center__list" aria-label="消息分类">
        {MESSAGE_KINDS.map((kind) => {
          const target = kindTarget(kind);
          const count = counts?.[kind] ?? 0;
          return (
            <Link key={kind} to={target.to} data={target.data} className="info-center__entry" data-testid={`info-entry-${kind}`}>
              <span className={`info-center__icon info-center__icon--${kind}`}>
                <KindGlyph kind={kind} />
                <UnreadBadge count={count} label={MESSAGE_KIND_NAMES[kind]} />
              </span>
              <span className="info-center__text">
                <span className="info-center__name">{MESSAGE_KIND_NAMES[kind]}</span>
                <span className="info-center__hint">{HINTS[kind]}</span>
              </span>
            </Link>
          );
        })}
        <Link to="/notice" className="info-center__entry">
          <span className="info-center__icon info-center__icon--notice">
            <KindGlyph kind="notice" />
          </span>
          <span className="info-center__text">
            <span className="info-center__name">平台公告</span>
            <span className="info-center__hint">版本更新、活动与服务公告</span>
          </span>
        </Link>
      </nav>
    </div>
  );
}

function TradingDetail({ id }: { id: number }) {
  const navigate = useNavigate();
  const detail = useRemoteData('messageDetail', messageCalls.getMessageDetail, { id });
  const message = detail.data;
  const remove = useDeleteMessage(() => navigate('back'));
  return (
    <div className="messages-page">
      <PageHeader title="交易消息详情" />
      {detail.failed ? (
        <LoadFailed message={detail.error} onRetry={detail.retry} />
      ) : !message ? (
        <div className="message-detail" aria-busy="true" aria-label="加载中">
          <div className="skeleton skeleton--line" />
        </div>
      ) : (
        <article className="message-detail">
          <h2 className="message-detail__title">{message.title}</h2>
          <p className="message-detail__time">{formatMessageTime(message.created_at)}</p>
          <p className="message-detail__content">{message.content}</p>
          <div className="message-detail__actions">
            <button type="button" className="message-detail__button message-detail__button--ghost" onClick={() => void remove(message.id)}>
              删除消息
            </button>
            {message.link && (
              <button type="button" className="message-detail__button" onClick={() => navigate(message.link!.path, message.link!.data)}>
                查看详情
              </button>
            )}
          </div>
        </article>
      )}
    </div>
  );
}

function MissingMessage() {
  return (
    <div className="messages-page">
      <PageHeader title="交易消息详情" />
      <EmptyState message="消息不存在" />
    </div>
  );
}

export default function InfoPage({ data }: PageProps) {
  const path = useCurrentPath();
  const id = idOf(data);
  if (path === '/infotradingDetail') return id ? <TradingDetail id={id} /> : <MissingMessage />;
  const kind = KIND_ROUTES[path] ?? kindOf(data);
  if (kind) return <MessageKindList kind={kind} />;
  return <InfoCenter />;
}
