import { useMemo, useState } from 'react';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { EmptyState } from '../../components/list/ListStates.tsx';
import { MoreHelp, QuestionList, searchQuestions } from '../../features/help/help-parts.tsx';
import '../../features/help/help.css';
import * as helpCalls from '../../../api/protocol/calls/help.ts';

/**
 * /commonproblem (常见问题, SPEC §2; signed in): the FAQ of getQuestion by category, a search over
 * every question's title and summary (all questions are loaded: a filter here costs nothing), and
 * where to go when no answer fits (意见反馈, 联系客服).
 */

export default function CommonProblemPage() {
  const navigate = useNavigate();
  const faq = useRemoteData('faq', helpCalls.getQuestion);
  const categories = faq.data?.categories ?? null;
  const [chosen, setChosen] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchQuestions(categories ?? [], query), [categories, query]);
  const current = categories?.find((category) => category.id === chosen) ?? categories?.[0];
  return (
    <div className="help-page">
      <PageHeader title="常见问题" onBack={() => navigate('back')} />
      <label className="help-search">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="搜索问题，如：验证码、充值、实名" aria-label="搜索问题" enterKeyHint="search" maxLength={30} />
        {query && (
          <button type="button" className="help-search__clear" onClick={() => setQuery('')}>
            清除
          </button>
        )}
      </label>
      {faq.failed ? (
        <LoadFailed message={faq.error} onRetry={faq.retry} />
      ) : faq.loading || !categories ? (
        <div className="help-skeleton" aria-busy="true" aria-label="加载中">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
        </div>
      ) : query.trim() ? (
        results.length > 0 ? (
          <>
            <h2 className="help-group-title">找到 {results.length} 个相关问题</h2>
            <QuestionList questions={results} query={query} label="搜索结果" />
          </>
        ) : (
          <EmptyState message="没有找到相关问题，换个关键词试试" />
        )
      ) : categories.length === 0 ? (
        <EmptyState message="暂无常见问题" />
      ) : (
        <>
          <div className="help-chips" role="tablist" aria-label="问题分类">
            {categories.map((category) => (
              <button key={category.id} type="button" role="tab" className="help-chip" aria-selected={category.id === current?.id} onClick={() => setChosen(category.id)}>
                {category.name}
              </button>
            ))}
          </div>
          {current && <QuestionList questions={current.questions} label={current.name} />}
        </>
      )}
      <MoreHelp />
    </div>
  );
}
