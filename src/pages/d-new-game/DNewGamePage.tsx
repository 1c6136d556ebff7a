import { GameListPage } from '../../features/games/GameListPage.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** 近 30 天上线的新游 (SPEC §2 /dnewgame). */
export default function DNewGamePage() {
  return <GameListPage id="newGames" title="新游首发" call={calls.game.getNewGames} />;
}
