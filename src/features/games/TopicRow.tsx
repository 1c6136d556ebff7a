import { Link } from '../../app/Link.tsx';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import type { Topic } from './showcase.ts';

export const TOPIC_ROW_HEIGHT = 104;

/** One topic of a list: banner, title, subtitle, game count. Tap → /specialdetail {id}. */
export function TopicRow({ topic }: { topic: Topic }) {
  return (
    <Link className="topic-row" to="/specialdetail" data={{ id: topic.id }}>
      <LazyImage className="topic-row__banner" src={topic.banner} alt={topic.title} width={750} height={422} />
      <span className="topic-row__text">
        <span className="topic-row__title">{topic.title}</span>
        <span className="topic-row__subtitle">{topic.subtitle || topic.description}</span>
        <span className="topic-row__count">{topic.game_count} 款游戏</span>
      </span>
    </Link>
  );
}

export function TopicCard({ topic }: { topic: Topic }) {
  return (
    <Link className="topic-card" to="/specialdetail" data={{ id: topic.id }}>
      <LazyImage className="topic-card__banner" src={topic.banner} alt={topic.title} width={750} height={422} />
      <span className="topic-card__title">{topic.title}</span>
      <span className="topic-card__subtitle">{topic.subtitle}</span>
    </Link>
  );
}
