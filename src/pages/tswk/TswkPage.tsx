import { GameListPage } from '../../features/games/GameListPage.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** 本周 BT 新游 (SPEC §2 /tswk). */
export default function TswkPage() {
  return <GameListPage id="weekBtGames" title="本周BT" call={calls.game.getWeekBtGames} payload={{ week: 0 }} />;
}
