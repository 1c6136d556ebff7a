import { memo, useDeferredValue, useMemo } from 'react';
import { Link } from '../../app/Link.tsx';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import type { GameItem } from '../../components/game/game-item.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PullToRefresh } from '../../components/list/PullToRefresh.tsx';
import { GameListView } from '../../features/games/GameListView.tsx';
import { HomeHeader } from '../../features/games/HomeHeader.tsx';
import { decodeHomeContent, type HomeContent, type HomeSection } from '../../features/games/showcase.ts';
import { TitledSection } from '../../features/games/TitledSection.tsx';
import { TopicCard } from '../../features/games/TopicRow.tsx';
import { usePagedGames } from '../../features/games/use-paged-games.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

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

/**
 * Banners, entries and sections: memoised, so that 为你推荐's own updates (its pages, its loading
 * states) do not render the sixty tiles above it again.
 */
const Showcase = memo(function Showcase({ content, sections }: { content: HomeContent; sections: readonly HomeSection[] }) {
  return (
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
      {sections.map((section) => (
        <Section key={section.key} section={section} />
      ))}
    </>
  );
});

/**
 * Sections in the layout's first render: with the banners and the entries they fill a phone's
 * first screen. The others follow in a deferred render (useDeferredValue), which React renders in
 * slices that let the browser paint and take input in between: the layout's answer arrives
 * through the machine as an urgent update, rendered in one go, and all of the page at once is a
 * few hundred milliseconds of main thread on a slow phone. They are below the screen, so nothing on it moves when they come.
 */
export const SECTIONS_FIRST = 2;

/** Home (SPEC §2 '/'): search bar, banners, entries, sections, then an endless '为你推荐'. */
export default function HomePage() {
  const layout = useRemoteData('homeContent', calls.down.getAppIndexContent);
  const content = useMemo(() => (layout.data === null ? null : decodeHomeContent(layout.data)), [layout.data]);
  // False in the render that brings the layout, true in the deferred render React does after it.
  const allSections = useDeferredValue(content !== null, false);
  const sections = useMemo(() => (content ? (allSections ? content.sections : content.sections.slice(0, SECTIONS_FIRST)) : []), [content, allSections]);
  const recommend = usePagedGames('todayRecommend', calls.game.getTodayRecommend);
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
          <Showcase content={content} sections={sections} />
        )}
        {/* Shown once the layout above has settled, so the endless list never gets pushed down (CLS). */}
        {((content && allSections) || layout.failed) && (
          <TitledSection id="home-recommend" title="为你推荐">
            <GameListView list={recommend} label="为你推荐" pullToRefresh={false} />
          </TitledSection>
        )}
      </PullToRefresh>
    </div>
  );
}
