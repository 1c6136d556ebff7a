import { useCallback, useRef, useState } from 'react';
import { addToHistory, readHistory, writeHistory } from './search-history.ts';

/**
 * The local search history (localStorage), with add and clear. Storage is the truth: a search is
 * added to what is stored (the search page and the results page each hold a copy) and written at
 * once, not inside a state updater, which React may run only in a later render, or never when the
 * search navigates away first. When storage refuses a write, this page's copy carries on.
 */
export function useSearchHistory() {
  const [history, setHistory] = useState(() => readHistory(window.localStorage));
  /** This page's copy, once storage has refused a write. */
  const unstored = useRef<string[] | null>(null);
  const keep = useCallback((next: string[]) => {
    unstored.current = writeHistory(window.localStorage, next) ? null : next;
    setHistory(next);
  }, []);
  const add = useCallback((keyword: string) => keep(addToHistory(unstored.current ?? readHistory(window.localStorage), keyword)), [keep]);
  const clear = useCallback(() => keep([]), [keep]);
  return { history, add, clear };
}
