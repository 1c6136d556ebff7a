import { useMemo } from 'react';
import { Link } from '../../app/Link.tsx';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import type { GameItem } from '../../components/game/game-item.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PullToRefresh } from '../../components/list/PullToRefresh.tsx';
import { GameListView } from '../../features/games/GameListView.tsx';
import { HomeHeader } from '../../features/games/HomeHeader.tsx';
import { decodeHomeContent, type HomeSection } from '../../features/games/showcase.ts';
import { TitledSection } from '../../features/games/TitledSection.tsx';
import { TopicCard } from '../../features/games/TopicRow.tsx';
import { usePagedGames } from '../../features/games/use-paged-games.ts';
import '../../features/games/games.css';

function GameTile({ game }: { game: GameItem }) {
  return (
    <Link className="game-tile" to="/gamedetail" data={{ game_id: game.game_id, platform_game_id: game.platform_game_id }}>
      <LazyImage className="game-tile__icon" src={game.icon} alt={game.name} width={64} height={64} />
      <span className="game-tile__name">{game.name}</span>
      {game.discount_text && <span className="game-tile__note">{game.discount_text}</span>}
    </Link>
  );
}

function Section({ section }: { section: HomeSection }) {
  return (
    <TitledSection
      id={`home-section-${section.key}`}
      title={section.title}
      aside={
        section.more && (
          <Link className="section__more" to={section.more.path} data={section.more.data}>
            更多 ›
          </Link>
        )
      }
    >
      <div className="section__scroller">
        {section.kind === 'topics' ? section.topics.map((topic) => <TopicCard key={topic.id} topic={topic} />) : section.games.map((game) => <GameTile key={`${game.game_id}:${game.platform_game_id}`} game={game} />)}
      </div>
    </TitledSection>
  );
}

/** Home (SPEC §2 '/'): search bar, banners, entries, sections, then an endless '为你推荐'. */
export default function HomePage() {
  const layout = useRemoteData<unknown>('homeContent', '/api/down/getAppIndexContent');
  const content = useMemo(() => (layout.data === null ? null : decodeHomeContent(layout.data)), [layout.data]);
  const recommend = usePagedGames('todayRecommend', '/api/game/getTodayRecommend');
  const refresh = () => {
    layout.refresh();
    recommend.refresh();
  };
  return (
    <div className="page games-page home">
      <HomeHeader />
      <PullToRefresh onRefresh={refresh} refreshing={recommend.refreshing}>
        {layout.failed ? (
          <LoadFailed message={layout.error} onRetry={layout.retry} />
        ) : !content ? (
          <div className="skeleton home-skeleton-banner" aria-busy="true" aria-label="加载中" />
        ) : (
          <>
            {content.banners.length > 0 && (
              <div className="banners" aria-label="推荐活动">
                {content.banners.map((banner, index) => (
                  <Link key={index} className="banners__item" to={banner.link?.path ?? '/'} data={banner.link?.data}>
                    <LazyImage className="banners__image" src={banner.image} alt={banner.title} width={750} height={422} eager={index === 0} />
                  </Link>
                ))}
              </div>
            )}
            <nav className="navs" aria-label="快捷入口">
              {content.navs.map((nav) => (
                <Link key={nav.key} className="navs__item" to={nav.link?.path ?? '/'} data={nav.link?.data}>
                  <LazyImage className="navs__icon" src={nav.icon} alt="" width={44} height={44} />
                  {nav.title}
                </Link>
              ))}
            </nav>
            {content.sections.map((section) => (
              <Section key={section.key} section={section} />
            ))}
          </>
        )}
        {/* Shown once the layout above has settled, so the endless list never gets pushed down (CLS). */}
        {(content || layout.failed) && (
          <TitledSection id="home-recommend" title="为你推荐">
            <GameListView list={recommend} label="为你推荐" pullToRefresh={false} />
          </TitledSection>
        )}
      </PullToRefresh>
    </div>
  );
}
