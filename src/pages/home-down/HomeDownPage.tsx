import { GameListPage } from '../../features/games/GameListPage.tsx';

/** BT 游戏 (SPEC §2 /homedown). */
export default function HomeDownPage() {
  return <GameListPage id="btGames" title="BT游戏" path="/api/game/getGameList" payload={{ type: 'bt' }} home />;
}
