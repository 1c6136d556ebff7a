import { useRemoteData } from '../../app/use-remote-data.ts';
import { Link } from '../../app/Link.tsx';
import { LazyImage } from '../../components/media/LazyImage.tsx';
import { GameListView } from '../../features/games/GameListView.tsx';
import { chinaDay, decodeReservationGames } from '../../features/games/game-extras.ts';
import { HomeHeader } from '../../features/games/HomeHeader.tsx';
import { TitledSection } from '../../features/games/TitledSection.tsx';
import { usePagedGames } from '../../features/games/use-paged-games.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

const RESERVATIONS_SHOWN = 10;

/** 新游 (SPEC §2 /newgame): upcoming games to reserve (预约), then the new games of the last 30 days. */
export default function NewGamePage() {
  const upcoming = useRemoteData('weekOrderGames', calls.game.getWeekOrderGames, { limit: RESERVATIONS_SHOWN });
  const reservations = decodeReservationGames((upcoming.data as { list?: unknown } | null)?.list);
  const list = usePagedGames('newGames', calls.game.getNewGames);
  return (
    <div className="page games-page">
      <HomeHeader />
      {reservations.length > 0 && (
        <TitledSection id="newgame-reserve" title="新游预约">
          <div className="section__scroller">
            {reservations.map((game) => (
              <Link key={game.game_id} className="game-tile" to="/gamedetail" data={{ game_id: game.game_id, platform_game_id: game.platform_game_id }}>
                <LazyImage className="game-tile__icon" src={game.icon} alt={game.name} width={64} height={64} />
                <span className="game-tile__name">{game.name}</span>
                <span className="game-tile__note">{chinaDay(game.online_at)} 上线</span>
              </Link>
            ))}
          </div>
        </TitledSection>
      )}
      <TitledSection id="newgame-list" title="新游首发">
        <GameListView list={list} label="新游首发" />
      </TitledSection>
    </div>
  );
}
