import { GameListPage } from '../../features/games/GameListPage.tsx';

/** H5 游戏，点开即玩 (SPEC §2 /h5). */
export default function H5Page() {
  return <GameListPage id="h5Games" title="H5游戏" path="/api/game/getGameList" payload={{ type: 'h5' }} />;
}
