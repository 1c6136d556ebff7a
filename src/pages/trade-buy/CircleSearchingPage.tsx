import { useState } from 'react';
import type { PageProps } from '../../app/routes.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { cleanKeyword } from '../../features/trade-buy/trade-data.ts';
import { addRecentSearch, clearRecentSearches, readRecentSearches, writeGameChoice } from '../../features/trade-buy/trade-storage.ts';
import { TRADE_KEYWORD_MAX } from '../../../api/protocol/trade-rules.ts';
import '../../features/trade-buy/trade-buy.css';

/** /circlesearching: the listings search (title or game name) and the recent searches kept on this device. */
export default function CircleSearchingPage(_: PageProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(() => readRecentSearches(window.localStorage));
  const search = (value: string) => {
    const keyword = cleanKeyword(value);
    if (keyword === '') return;
    setRecent(addRecentSearch(window.localStorage, keyword));
    // A new search starts over every game: the previous results' game filter does not carry over.
    writeGameChoice(window.sessionStorage, { for: '/circleresult', game_id: 0, game_name: '' });
    navigate('/circleresult', { keyword });
  };
  return (
    <div className="page trade-page">
      <PageHeader title="搜索账号" onBack={() => navigate('back')} />
      <form
        className="search-box"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search(text);
        }}
      >
        <input
          type="search"
          enterKeyHint="search"
          aria-label="搜索关键词"
          placeholder="搜索游戏名或账号标题"
          maxLength={TRADE_KEYWORD_MAX}
          value={text}
          autoFocus
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit">搜索</button>
      </form>
      {recent.length > 0 && (
        <section className="search-history" aria-label="最近搜索">
          <div className="search-history__head">
            <span>最近搜索</span>
            <button
              type="button"
              onClick={() => {
                clearRecentSearches(window.localStorage);
                setRecent([]);
              }}
            >
              清空
            </button>
          </div>
          <ul className="search-history__list">
            {recent.map((keyword) => (
              <li key={keyword}>
                <button type="button" className="trade-chip" onClick={() => search(keyword)}>
                  {keyword}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
