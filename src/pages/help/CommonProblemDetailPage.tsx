import { useState } from 'react';
import type { PageProps } from '../../app/routes.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ArticleBody } from '../../features/help/ArticleBody.tsx';
import { articleRefOf } from '../../features/help/help-data.ts';
import { ArticleSkeleton, MoreHelp, QuestionList } from '../../features/help/help-parts.tsx';
import '../../features/help/help.css';
import * as helpCalls from '../../../api/protocol/calls/help.ts';

/**
 * /commonproblemdetail (问题详情) `{ id }`: one FAQ answer (getArticleInfo), its HTML sanitised;
 * 是否解决了您的问题 — 已解决 thanks, 未解决 offers 意见反馈 and 联系客服; the category's other
 * questions below. The vote stays on this page (SPEC has no call to store it).
 */
export default function CommonProblemDetailPage({ data }: PageProps) {
  const navigate = useNavigate();
  const ref = articleRefOf(data);
  return (
    <div className="help-page">
      <PageHeader title="问题详情" onBack={() => navigate('back')} />
      {ref ? <Answer ref_={ref} /> : <LoadFailed message="没有指定要查看的问题" onRetry={() => navigate('/commonproblem', null, { replace: true })} />}
    </div>
  );
}

function Answer({ ref_ }: { ref_: { id: number } | { slug: string } }) {
  const article = useRemoteData('article', helpCalls.getArticleInfo, ref_);
  const view = article.data;
  if (article.failed) return <LoadFailed message={article.error} onRetry={article.retry} />;
  if (article.loading) return <ArticleSkeleton />;
  if (!view) return <LoadFailed message="内容加载失败" onRetry={article.refresh} />;
  return (
    <>
      <article className="help-article" aria-label={view.title}>
        {view.category && <span className="help-article__category">{view.category.name}</span>}
        <h2 className="help-article__title">{view.title}</h2>
        <ArticleBody html={view.content} />
      </article>
      <Solved />
      {view.related.length > 0 && (
        <>
          <h2 className="help-group-title">相关问题</h2>
          <QuestionList questions={view.related} label="相关问题" />
        </>
      )}
    </>
  );
}

function Solved() {
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  if (answer === 'no') return <MoreHelp text="很抱歉没能帮到您，告诉我们您遇到的问题" />;
  return (
    <section className="help-solved" aria-label="是否解决了您的问题">
      {answer === 'yes' ? (
        <p className="help-solved__thanks" role="status">
          感谢您的反馈！
        </p>
      ) : (
        <>
          <p className="help-solved__question">是否解决了您的问题？</p>
          <div className="help-solved__answers">
            <button type="button" className="help-button help-button--ghost" onClick={() => setAnswer('yes')}>
              已解决
            </button>
            <button type="button" className="help-button help-button--ghost" onClick={() => setAnswer('no')}>
              未解决
            </button>
          </div>
        </>
      )}
    </section>
  );
}
