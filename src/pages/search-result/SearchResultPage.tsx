import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { EmptyState } from '../../components/list/ListStates.tsx';
import { normalizeKeyword } from '../../features/games/search-history.ts';
import { SearchBar } from '../../features/games/SearchBar.tsx';
import { SearchResults } from '../../features/games/SearchResults.tsx';
import { useSearchHistory } from '../../features/games/use-search-history.ts';
import '../../features/games/games.css';

/** 搜索结果 (SPEC §2 /searchingresult {keyword}): an endless list of matches; a new search replaces this page. */
export default function SearchResultPage({ data }: PageProps) {
  const navigate = useNavigate();
  const { add } = useSearchHistory();
  const keyword = normalizeKeyword(typeof data?.keyword === 'string' ? data.keyword : '');
  const search = (next: string) => {
    add(next);
    navigate('/searchingresult', { keyword: next }, { replace: true });
  };
  return (
    <div className="page games-page">
      <SearchBar key={keyword} initial={keyword} onSubmit={search} onBack={() => navigate('back')} />
      {keyword ? <SearchResults id="searchGames" keyword={keyword} /> : <EmptyState message="请输入搜索内容" />}
    </div>
  );
}
