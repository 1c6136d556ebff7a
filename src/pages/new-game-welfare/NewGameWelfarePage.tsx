import { PageHeader } from '../../components/PageHeader.tsx';
import { GameListView } from '../../features/games/GameListView.tsx';
import { decodeWelfareGames, welfareNote, type WelfareGame } from '../../features/games/game-extras.ts';
import { usePagedList } from '../../features/games/use-paged-games.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

/** 新游福利 (SPEC §2 /newgamewelfare, needs login): new games with a good start, their first-recharge and top-up discounts first. */
export default function NewGameWelfarePage() {
  const list = usePagedList<WelfareGame>('newGoodStartGames', calls.game.getNewGoodStartGames, {}, decodeWelfareGames);
  return (
    <div className="page games-page">
      <PageHeader title="新游福利" />
      <GameListView list={list} noteOf={welfareNote} label="新游福利" />
    </div>
  );
}
