import { GUIDE_SLUG, PRODUCT_SLUG } from '../../../api/protocol/help-rules.ts';
import { Link } from '../../app/Link.tsx';
import { PRODUCT, type PageProps } from '../../app/routes.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { useCurrentPath, useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { ArticleBody } from '../../features/help/ArticleBody.tsx';
import { articleRefOf } from '../../features/help/help-data.ts';
import { ArticleSkeleton, MoreHelp } from '../../features/help/help-parts.tsx';
import { formatDay } from '../../features/money/money-data.ts';
import '../../features/help/help.css';
import * as helpCalls from '../../../api/protocol/calls/help.ts';

/**
 * The article pages, one file for three routes (each route costs the entry chunk a loader):
 *  - /productintroduce (产品介绍): the 'product' article;
 *  - /lewanguide (乐玩指南; signed in, SPEC §2): the 'guide' article, then 平台活动 — the activity
 *    announcements of getArticleActivity, newest first, paged;
 *  - /aboutdetail `{ id }` or `{ slug }`: one article — a 关于我们 item of /aboutus, or an
 *    activity opened from the list.
 * The HTML is sanitised where it renders (ArticleBody).
 */

const FIXED: Record<string, { slug: string; title: string }> = {
  '/productintroduce': { slug: PRODUCT_SLUG, title: '产品介绍' },
  [`/${PRODUCT}guide`]: { slug: GUIDE_SLUG, title: '乐玩指南' },
};

export default function ArticlePage({ data }: PageProps) {
  const navigate = useNavigate();
  const path = useCurrentPath();
  const fixed = FIXED[path];
  const ref = fixed ? { slug: fixed.slug } : articleRefOf(data);
  const isGuide = path === `/${PRODUCT}guide`;
  return (
    <div className="help-page">
      {ref ? (
        <Article ref_={ref} fallbackTitle={fixed?.title ?? '详情'} />
      ) : (
        <>
          <PageHeader title="详情" onBack={() => navigate('back')} />
          <LoadFailed message="没有指定要查看的文章" onRetry={() => navigate('/aboutus', null, { replace: true })} />
        </>
      )}
      {isGuide && <Activities />}
      {isGuide && <MoreHelp text="还有疑问？看看常见问题，或者告诉我们" />}
    </div>
  );
}

function Article({ ref_, fallbackTitle }: { ref_: { id: number } | { slug: string }; fallbackTitle: string }) {
  const navigate = useNavigate();
  const article = useRemoteData('article', helpCalls.getArticleInfo, ref_);
  const view = article.data;
  const title = view && 'id' in ref_ ? view.title : fallbackTitle;
  return (
    <>
      <PageHeader title={title} onBack={() => navigate('back')} />
      {article.failed ? (
        <LoadFailed message={article.error} onRetry={article.retry} />
      ) : article.loading ? (
        <ArticleSkeleton />
      ) : !view ? (
        <LoadFailed message="内容加载失败" onRetry={article.refresh} />
      ) : (
        <article className="help-article" aria-label={view.title}>
          {view.cover && <img className="help-article__cover" src={view.cover} alt="" />}
          {/* The header says it already when it is the article's own title. */}
          {view.title !== title && <h2 className="help-article__title">{view.title}</h2>}
          {view.kind === 'activity' && view.published_at && <p className="help-article__meta">发布于 {formatDay(view.published_at)}</p>}
          <ArticleBody html={view.content} />
        </article>
      )}
    </>
  );
}

function Activities() {
  const list = usePagedCall('activityArticles', helpCalls.getArticleActivity, {}, 10);
  if (list.failed) return null;
  if (!list.loading && list.items.length === 0) return null;
  return (
    <section aria-label="平台活动">
      <h2 className="help-section-title">平台活动</h2>
      <ul className="activity-list">
        {list.items.map((activity) => (
          <li key={activity.id}>
            <Link to="/aboutdetail" data={{ id: activity.id }} className="activity-card">
              {activity.cover && <img className="activity-card__cover" src={activity.cover} alt="" loading="lazy" />}
              <div className="activity-card__body">
                <h3 className="activity-card__title">{activity.title}</h3>
                {activity.summary && <p className="activity-card__summary">{activity.summary}</p>}
                {activity.published_at && <p className="activity-card__date">{formatDay(activity.published_at)}</p>}
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <p className="help-footer">
        {list.loading || list.loadingMore ? (
          '加载中…'
        ) : list.loadMoreFailed ? (
          <button type="button" onClick={list.retry}>
            加载失败，点击重试
          </button>
        ) : list.exhausted ? (
          '没有更多活动了'
        ) : (
          <button type="button" onClick={list.loadMore}>
            查看更多活动
          </button>
        )}
      </p>
    </section>
  );
}
