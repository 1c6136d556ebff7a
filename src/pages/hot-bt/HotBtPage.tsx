import { GameListPage } from '../../features/games/GameListPage.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** 热门 BT 游戏 (SPEC §2 /hotbt). */
export default function HotBtPage() {
  return <GameListPage id="hotBtGames" title="热门BT" call={calls.game.getGameList} payload={{ type: 'bt', sort: 'hot' }} />;
}
