import { GameListPage } from '../../features/games/GameListPage.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** 海外精选 (SPEC §2 /overseas). */
export default function OverseasPage() {
  return <GameListPage id="overseasGames" title="海外游戏" call={calls.game.getGameList} payload={{ type: 'overseas' }} home />;
}
