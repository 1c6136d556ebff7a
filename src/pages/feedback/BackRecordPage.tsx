import { useEffect, useRef } from 'react';
import { useRuntime } from '../../app/runtime-context.tsx';
import type { PageProps } from '../../app/routes.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EmptyState } from '../../components/list/ListStates.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { FeedbackCard } from '../../features/feedback/FeedbackCard.tsx';
import { feedbackIdOf } from '../../features/help/help-data.ts';
import '../../features/feedback/feedback.css';
import * as feedbackCalls from '../../../api/protocol/calls/feedback.ts';

/**
 * /backrecord (反馈记录): the player's own feedback (myOpinionReply), newest first, paged, each
 * with its status, pictures and the staff replies. Route data `{ id }` (the link of a reply's
 * message) shows that one feedback first, with 查看全部反馈. Signed out: a login prompt (SPEC §2
 * does not list the route as needing login; what it shows is the player's own).
 */
export default function BackRecordPage({ data }: PageProps) {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const id = feedbackIdOf(data);
  return (
    <div className="fb-page">
      <PageHeader title="反馈记录" onBack={() => navigate('back')} />
      {!signedIn ? <SignIn /> : id ? <OneFeedback id={id} /> : <AllFeedback />}
    </div>
  );
}

function SignIn() {
  const runtime = useRuntime();
  return (
    <section className="fb-signin" aria-label="未登录">
      <p>登录后查看您的反馈记录</p>
      <button type="button" className="fb-submit" onClick={() => runtime.openLogin()}>
        登录
      </button>
    </section>
  );
}

function OneFeedback({ id }: { id: number }) {
  const navigate = useNavigate();
  const one = useRemoteData('feedbackDetail', feedbackCalls.myOpinionReply, { id });
  const feedback = one.data?.list[0] ?? null;
  return (
    <>
      {one.failed ? (
        <LoadFailed message={one.error} onRetry={one.retry} />
      ) : one.loading ? (
        <div className="fb-card fb-card--loading skeleton" aria-busy="true" aria-label="加载中" />
      ) : feedback ? (
        <FeedbackCard feedback={feedback} />
      ) : (
        <EmptyState message="反馈不存在" />
      )}
      <p className="fb-footer">
        <button type="button" onClick={() => navigate('/backrecord', null, { replace: true })}>
          查看全部反馈
        </button>
      </p>
    </>
  );
}

function AllFeedback() {
  const list = usePagedCall('myFeedback', feedbackCalls.myOpinionReply, {}, 10);
  const end = useRef<HTMLParagraphElement>(null);
  const { loadMore } = list;
  // Cards differ in height (pictures, replies): a plain list, the next page when its end shows.
  useEffect(() => {
    const element = end.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore(), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore, list.items.length]);
  if (list.failed) return <LoadFailed message={list.error} onRetry={list.retry} />;
  if (list.loading) return <div className="fb-card fb-card--loading skeleton" aria-busy="true" aria-label="加载中" />;
  if (list.items.length === 0 && list.exhausted)
    return (
      <EmptyState message="还没有反馈记录" action={{ label: '去反馈', to: '/commonback' }} />
    );
  return (
    <section aria-label="我的反馈">
      {list.items.map((feedback) => (
        <FeedbackCard key={feedback.id} feedback={feedback} />
      ))}
      <p className="fb-footer" ref={end}>
        {list.loadingMore ? (
          '加载中…'
        ) : list.loadMoreFailed ? (
          <button type="button" onClick={list.retry}>
            加载失败，点击重试
          </button>
        ) : list.exhausted ? (
          '没有更多了'
        ) : (
          <button type="button" onClick={list.loadMore}>
            加载更多
          </button>
        )}
      </p>
    </section>
  );
}
