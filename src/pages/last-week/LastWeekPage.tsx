import { GameListPage } from '../../features/games/GameListPage.tsx';

/** 上周新游 (/lastweek, /dlastweek) (SPEC §2 /lastweek, /dlastweek). */
export default function LastWeekPage() {
  return <GameListPage id="lastWeekGames" title="上周新游" path="/api/game/getWeekNumGames" payload={{ week: 1 }} />;
}
