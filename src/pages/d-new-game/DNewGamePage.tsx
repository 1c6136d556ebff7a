import { GameListPage } from '../../features/games/GameListPage.tsx';

/** 近 30 天上线的新游 (SPEC §2 /dnewgame). */
export default function DNewGamePage() {
  return <GameListPage id="newGames" title="新游首发" path="/api/game/getNewGames" />;
}
