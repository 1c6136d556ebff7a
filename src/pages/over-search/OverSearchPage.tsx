import { useState } from 'react';
import { GameListView } from '../../features/games/GameListView.tsx';
import { HomeHeader } from '../../features/games/HomeHeader.tsx';
import { SearchBar } from '../../features/games/SearchBar.tsx';
import { SearchResults } from '../../features/games/SearchResults.tsx';
import { usePagedGames } from '../../features/games/use-paged-games.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

function OverseasGames() {
  const list = usePagedGames('overseasSearchList', calls.game.getGameList, { type: 'overseas' });
  return <GameListView list={list} label="海外游戏" />;
}

/** 海外搜索 (SPEC §2 /oversearch): the search, kept to overseas games; the overseas list until a search. */
export default function OverSearchPage() {
  const [keyword, setKeyword] = useState('');
  return (
    <div className="page games-page">
      <HomeHeader />
      <SearchBar placeholder="搜索海外游戏" onSubmit={setKeyword} />
      {keyword ? <SearchResults id="overseasSearch" keyword={keyword} overseasOnly /> : <OverseasGames />}
    </div>
  );
}
