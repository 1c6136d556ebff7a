import type { PageProps } from '../../app/routes.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import { EmptyState } from '../../components/list/ListStates.tsx';
import { GameListView } from '../../features/games/GameListView.tsx';
import { decodeTopicGames, type TopicGame } from '../../features/games/game-extras.ts';
import { decodeTopics } from '../../features/games/showcase.ts';
import { usePagedList } from '../../features/games/use-paged-games.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

const topicIdOf = (data: PageProps['data']): number | null => {
  const id = Number(data?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

function TopicGames({ id }: { id: number }) {
  const list = usePagedList<TopicGame>('topicDetail', calls.topic.getTopicDetail, { id }, decodeTopicGames);
  const [topic] = decodeTopics(list.meta ? [{ ...list.meta, id }] : []);
  return (
    <>
      <PageHeader title={topic?.title ?? '专题'} />
      {topic && (
        <header className="topic-hero">
          <LazyImage src={topic.banner} alt={topic.title} width={750} height={422} eager />
          <h1 className="topic-hero__title">{topic.title}</h1>
          <p className="topic-hero__description">{topic.description || topic.subtitle}</p>
        </header>
      )}
      <GameListView list={list} noteOf={(game) => game.blurb || game.short_desc} label={topic?.title ?? '专题游戏'} />
    </>
  );
}

/** 专题详情 (SPEC §2 /specialdetail {id}): the topic's banner and text, then its games. */
export default function SpecialDetailPage({ data }: PageProps) {
  const id = topicIdOf(data);
  return (
    <div className="page games-page">
      {id === null ? (
        <>
          <PageHeader title="专题" />
          <EmptyState message="专题不存在" />
        </>
      ) : (
        <TopicGames id={id} />
      )}
    </div>
  );
}
