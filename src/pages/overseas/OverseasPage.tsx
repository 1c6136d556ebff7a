import { GameListPage } from '../../features/games/GameListPage.tsx';

/** 海外精选 (SPEC §2 /overseas). */
export default function OverseasPage() {
  return <GameListPage id="overseasGames" title="海外游戏" path="/api/game/getGameList" payload={{ type: 'overseas' }} home />;
}
