import { useCallback, useState } from 'react';
import { addToHistory, readHistory, writeHistory } from './search-history.ts';

/** The local search history (localStorage), with add and clear. */
export function useSearchHistory() {
  const [history, setHistory] = useState(() => readHistory(window.localStorage));
  const add = useCallback((keyword: string) => {
    setHistory((current) => {
      const next = addToHistory(current, keyword);
      writeHistory(window.localStorage, next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    writeHistory(window.localStorage, []);
    setHistory([]);
  }, []);
  return { history, add, clear };
}
