import { GameListPage } from '../../features/games/GameListPage.tsx';

/** 0.1 折游戏（需登录） (SPEC §2 /zeropointone). */
export default function ZeroPointOnePage() {
  return <GameListPage id="zeroPointOneGames" title="0.1折专区" path="/api/game/getGameList" payload={{ type: 'zeropointone' }} />;
}
