import { GameListPage } from '../../features/games/GameListPage.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** H5 游戏，点开即玩 (SPEC §2 /h5). */
export default function H5Page() {
  return <GameListPage id="h5Games" title="H5游戏" call={calls.game.getGameList} payload={{ type: 'h5' }} />;
}
