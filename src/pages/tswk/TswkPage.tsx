import { GameListPage } from '../../features/games/GameListPage.tsx';

/** 本周 BT 新游 (SPEC §2 /tswk). */
export default function TswkPage() {
  return <GameListPage id="weekBtGames" title="本周BT" path="/api/game/getWeekBtGames" payload={{ week: 0 }} />;
}
