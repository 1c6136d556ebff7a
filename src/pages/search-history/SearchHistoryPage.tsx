import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { SearchBar } from '../../features/games/SearchBar.tsx';
import { useSearchHistory } from '../../features/games/use-search-history.ts';
import '../../features/games/games.css';
import * as calls from '../../../api/protocol/call-refs.ts';

const HOT_WORDS = 10;

function decodeHotWords(value: unknown): string[] {
  const list = typeof value === 'object' && value !== null ? (value as { list?: unknown }).list : undefined;
  return Array.isArray(list) ? list.flatMap((entry) => (typeof (entry as { word?: unknown }).word === 'string' ? [(entry as { word: string }).word] : [])) : [];
}

/** 搜索 (SPEC §2 /searchHistory): the input, the local history ('清空'), the hot words. */
export default function SearchHistoryPage() {
  const navigate = useNavigate();
  const { history, add, clear } = useSearchHistory();
  const hot = useRemoteData('hotSearch', calls.game.getHotSearch, { limit: HOT_WORDS });
  const hotWords = decodeHotWords(hot.data);
  const search = (keyword: string) => {
    add(keyword);
    navigate('/searchingresult', { keyword });
  };
  return (
    <div className="page games-page">
      <SearchBar autoFocus onSubmit={search} onBack={() => navigate('back')} />
      <section className="search-words" aria-labelledby="search-history-title">
        <div className="search-words__head">
          <h2 className="search-words__title" id="search-history-title">
            历史搜索
          </h2>
          {history.length > 0 && (
            <button type="button" className="search-words__clear" onClick={clear}>
              清空
            </button>
          )}
        </div>
        {history.length === 0 ? (
          <p className="search-words__empty">暂无搜索记录</p>
        ) : (
          <ul className="search-words__list" aria-label="历史搜索">
            {history.map((word) => (
              <li key={word}>
                <button type="button" className="search-words__word" onClick={() => search(word)}>
                  {word}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {hotWords.length > 0 && (
        <section className="search-words" aria-labelledby="search-hot-title">
          <div className="search-words__head">
            <h2 className="search-words__title" id="search-hot-title">
              热门搜索
            </h2>
          </div>
          <ul className="search-words__list" aria-label="热门搜索">
            {hotWords.map((word) => (
              <li key={word}>
                <button type="button" className="search-words__word search-words__word--hot" onClick={() => search(word)}>
                  {word}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
