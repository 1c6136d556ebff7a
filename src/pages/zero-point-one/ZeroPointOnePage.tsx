import { GameListPage } from '../../features/games/GameListPage.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** 0.1 折游戏（需登录） (SPEC §2 /zeropointone). */
export default function ZeroPointOnePage() {
  return <GameListPage id="zeroPointOneGames" title="0.1折专区" call={calls.game.getGameList} payload={{ type: 'zeropointone' }} />;
}
