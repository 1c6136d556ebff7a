import { useState, type FormEvent } from 'react';
import { KEYWORD_MAX_LENGTH, normalizeKeyword } from './search-history.ts';
import './games.css';

/** The search input of the search pages: submits a trimmed, non-empty keyword. */
export function SearchBar({ initial = '', onSubmit, onBack, autoFocus = false, placeholder = '搜索游戏名称 / 拼音首字母' }: { initial?: string; onSubmit: (keyword: string) => void; onBack?: () => void; autoFocus?: boolean; placeholder?: string }) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = normalizeKeyword(value);
    if (keyword) onSubmit(keyword);
  };
  return (
    <form className="search-bar" role="search" onSubmit={submit}>
      {onBack && (
        <button type="button" className="search-bar__back" aria-label="返回" onClick={onBack}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <input
        className="search-bar__input"
        type="search"
        enterKeyHint="search"
        aria-label="搜索关键词"
        placeholder={placeholder}
        maxLength={KEYWORD_MAX_LENGTH}
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="search-bar__submit">
        搜索
      </button>
    </form>
  );
}
