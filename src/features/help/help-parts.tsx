import type { ArticleLink, FaqCategory } from '../../../api/protocol/calls/help.ts';
import { Link } from '../../app/Link.tsx';
import './help.css';

/** Pieces the help pages share: the question list, the search over it, 更多帮助. */

/** The questions whose title or summary holds the words (case-insensitive); every word must match. */
export function searchQuestions(categories: readonly FaqCategory[], query: string): Array<ArticleLink & { category: string }> {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return categories.flatMap((category) =>
    category.questions
      .filter((question) => {
        const haystack = `${question.title} ${question.summary}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      })
      .map((question) => ({ ...question, category: category.name })),
  );
}

/** The title with the first match of the query marked. */
function Marked({ text, query }: { text: string; query: string }) {
  const word = query.trim().split(/\s+/)[0] ?? '';
  const at = word ? text.toLowerCase().indexOf(word.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="help-list__mark">{text.slice(at, at + word.length)}</mark>
      {text.slice(at + word.length)}
    </>
  );
}

export function Chevron() {
  return (
    <svg className="help-list__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function QuestionList({ questions, query = '', label }: { questions: readonly (ArticleLink & { category?: string })[]; query?: string; label: string }) {
  return (
    <ul className="help-list" aria-label={label}>
      {questions.map((question) => (
        <li key={question.id} className="help-list__item">
          <Link to="/commonproblemdetail" data={{ id: question.id }} className="help-list__link">
            <span className="help-list__text">
              <span className="help-list__title">
                <Marked text={question.title} query={query} />
              </span>
              <span className="help-list__summary" data-clamp>{question.category ? `${question.category} · ${question.summary}` : question.summary}</span>
            </span>
            <Chevron />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function MoreHelp({ text = '没有找到答案？' }: { text?: string }) {
  return (
    <section className="help-more" aria-label="更多帮助">
      <p className="help-more__text">{text}</p>
      <div className="help-more__actions">
        <Link to="/commonback" className="help-button">
          意见反馈
        </Link>
        <Link to="/service" className="help-button help-button--ghost">
          联系客服
        </Link>
      </div>
    </section>
  );
}

export function ArticleSkeleton() {
  return (
    <div className="help-skeleton" aria-busy="true" aria-label="加载中">
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--block" />
    </div>
  );
}
