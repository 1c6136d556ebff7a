import { GameListPage } from '../../features/games/GameListPage.tsx';

/** 热门 BT 游戏 (SPEC §2 /hotbt). */
export default function HotBtPage() {
  return <GameListPage id="hotBtGames" title="热门BT" path="/api/game/getGameList" payload={{ type: 'bt', sort: 'hot' }} />;
}
