import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { request } from '../../../api/typed-call.ts';
import type { RouteData } from '../../../machines/navigation.types.ts';
import type { PageProps } from '../../app/routes.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { safeHtml } from '../../app/sanitize.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { useCurrentPath, useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { CenterDialog } from '../../components/CenterDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatMessageTime, idOf, type NoticeFull } from '../../features/messages/message-data.ts';
import '../../features/messages/messages.css';
import * as calls from '../../../api/protocol/call-refs.ts';
import * as messageCalls from '../../../api/protocol/calls/messages.ts';

/**
 * 公告 (SPEC §2 "Information"), one page file for both routes: /notice lists the
 * notices newest first and, with `{ id }`, shows one; /noticedialog is the pop-up notice: `{ id }`
 * shows that notice (the app opens it once per notice per player: src/features/messages/
 * notice-prompt.ts), without data the newest pop-up this player has not seen (recorded as seen).
 * Notice HTML was sanitised by the server when stored and is sanitised again here.
 */

const NOTICE_ROW_HEIGHT = 124;

/** In-app links inside a notice go through the navigation machine; others open as the server wrote them. */
function routeInAppLinks(event: MouseEvent<HTMLElement>, navigate: (to: string, data?: RouteData | null) => void) {
  const anchor = (event.target as HTMLElement).closest('a');
  const href = anchor?.getAttribute('href') ?? '';
  if (!anchor || !/^\/[A-Za-z0-9_-]*$/.test(href)) return;
  event.preventDefault();
  navigate(href);
}

function NoticeHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const safe = useMemo(() => safeHtml(html), [html]);
  return <div className="notice-html" onClick={(event) => routeInAppLinks(event, navigate)} dangerouslySetInnerHTML={{ __html: safe }} />;
}

function useNotice(id: number) {
  const remote = useRemoteData('noticeDetail', messageCalls.getNoticeDetail, { id });
  return { ...remote, notice: remote.data };
}

function NoticeArticle({ id }: { id: number }) {
  const detail = useNotice(id);
  return (
    <div className="messages-page">
      <PageHeader title="公告详情" />
      {detail.failed ? (
        <LoadFailed message={detail.error} onRetry={detail.retry} />
      ) : !detail.notice ? (
        <div className="notice-article" aria-busy="true" aria-label="加载中">
          <div className="skeleton skeleton--line" />
        </div>
      ) : (
        <article className="notice-article">
          <h2 className="notice-article__title">{detail.notice.title}</h2>
          <p className="notice-article__time">{formatMessageTime(detail.notice.published_at)}</p>
          <NoticeHtml html={detail.notice.content} />
        </article>
      )}
    </div>
  );
}

function NoticeList() {
  const navigate = useNavigate();
  const list = usePagedCall('notices', messageCalls.getNoticeList, {});
  return (
    <div className="messages-page">
      <PageHeader title="平台公告" />
      <PagedListView
        list={list}
        rowHeight={NOTICE_ROW_HEIGHT}
        label="公告"
        emptyMessage="暂无公告"
        getKey={(notice) => String(notice.id)}
        renderRow={(notice) => (
          <div className="notice-row">
            <button type="button" className="notice-row__card" onClick={() => navigate('/notice', { id: notice.id })}>
              <span className="notice-row__title" data-clamp>{notice.title}</span>
              <span className="notice-row__summary" data-clamp>{notice.summary}</span>
              <span className="notice-row__time">{formatMessageTime(notice.published_at)}</span>
            </button>
          </div>
        )}
      />
    </div>
  );
}

/** The newest pop-up notice this player has not seen (recorded as seen once shown), or none. */
function usePopupNotice(enabled: boolean) {
  const runtime = useRuntime();
  const [state, setState] = useState<{ notice: NoticeFull | null; done: boolean; failed: boolean }>({ notice: null, done: !enabled, failed: false });
  const asked = useRef(false);
  useEffect(() => {
    if (!enabled || asked.current) return;
    asked.current = true;
    void request(runtime.api, messageCalls.getIsPop, {}).then((outcome) => {
      if (outcome.kind !== 'ok') return setState({ notice: null, done: true, failed: outcome.kind === 'error' });
      const notice = outcome.data;
      setState({ notice, done: true, failed: false });
      if (notice) void request(runtime.api, calls.messages.markNoticeSeen, { id: notice.id });
    });
  }, [enabled, runtime]);
  return state;
}

function DialogFrame({ notice, failed, error, onRetry, empty }: { notice: NoticeFull | null; failed: boolean; error: string | null; onRetry: () => void; empty: boolean }) {
  const navigate = useNavigate();
  const close = () => (window.history.length > 1 ? navigate('back') : navigate('/', null, { replace: true }));
  return (
    <div className="page">
      <CenterDialog open onClose={close} label="公告" className="popup-dialog__box">
      <div className="popup-dialog__head">
        <span className="popup-dialog__badge">公告</span>
        <h2 className="popup-dialog__title">{notice?.title ?? (empty ? '暂无新公告' : '')}</h2>
      </div>
      <div className="popup-dialog__body">
        {failed ? (
          <LoadFailed message={error} onRetry={onRetry} />
        ) : notice ? (
          <NoticeHtml html={notice.content} />
        ) : empty ? (
          <p className="popup-dialog__note">公告都看过了，可在平台公告中查看全部</p>
        ) : (
          <p className="popup-dialog__note" aria-busy="true">
            加载中…
          </p>
        )}
      </div>
      <div className="popup-dialog__actions">
        <button type="button" className="popup-dialog__button popup-dialog__button--ghost" onClick={() => navigate('/notice', null, { replace: true })}>
          全部公告
        </button>
        <button type="button" className="popup-dialog__button" onClick={close}>
          我知道了
        </button>
      </div>
      </CenterDialog>
    </div>
  );
}

function NoticeDialogById({ id }: { id: number }) {
  const detail = useNotice(id);
  return <DialogFrame notice={detail.notice} failed={detail.failed} error={detail.error} onRetry={detail.retry} empty={false} />;
}

function PopupNoticeDialog() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const popup = usePopupNotice(signedIn);
  return (
    <DialogFrame
      notice={popup.notice}
      failed={popup.failed}
      error="加载失败"
      onRetry={() => navigate('/noticedialog', null, { replace: true })}
      empty={popup.done && !popup.notice && !popup.failed}
    />
  );
}

export default function NoticePage({ data }: PageProps) {
  const path = useCurrentPath();
  const id = idOf(data);
  if (path === '/noticedialog') return id ? <NoticeDialogById id={id} /> : <PopupNoticeDialog />;
  return id ? <NoticeArticle id={id} /> : <NoticeList />;
}
