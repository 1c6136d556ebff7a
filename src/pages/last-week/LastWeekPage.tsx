import { GameListPage } from '../../features/games/GameListPage.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';

/** 上周新游 (/lastweek, /dlastweek) (SPEC §2 /lastweek, /dlastweek). */
export default function LastWeekPage() {
  return <GameListPage id="lastWeekGames" title="上周新游" call={calls.game.getWeekNumGames} payload={{ week: 1 }} />;
}
