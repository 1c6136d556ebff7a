import { GameListPage } from '../../features/games/GameListPage.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** BT 游戏 (SPEC §2 /homedown). */
export default function HomeDownPage() {
  return <GameListPage id="btGames" title="BT游戏" call={calls.game.getGameList} payload={{ type: 'bt' }} home />;
}
