import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readHistory, SEARCH_HISTORY_KEY } from './search-history.ts';
import { useSearchHistory } from './use-search-history.ts';

afterEach(() => window.localStorage.removeItem(SEARCH_HISTORY_KEY));

describe('useSearchHistory', () => {
  it('keeps a search at once, even when the page leaves before it renders again (a search navigates away)', () => {
    const { result, unmount } = renderHook(() => useSearchHistory());
    act(() => {
      // The second add finds the first one's update pending: React defers it to a render that never comes.
      result.current.add('仙剑');
      result.current.add('封神');
      unmount();
    });
    expect(readHistory(window.localStorage)).toEqual(['封神', '仙剑']);
  });

  it('adds to what another page kept meanwhile, and shows it', () => {
    const first = renderHook(() => useSearchHistory());
    const second = renderHook(() => useSearchHistory());
    act(() => first.result.current.add('仙剑'));
    act(() => second.result.current.add('封神'));
    expect(second.result.current.history).toEqual(['封神', '仙剑']);
    expect(readHistory(window.localStorage)).toEqual(['封神', '仙剑']);
    act(() => second.result.current.clear());
    expect(second.result.current.history).toEqual([]);
    expect(readHistory(window.localStorage)).toEqual([]);
  });
});

describe('useSearchHistory without storage', () => {
  it('keeps the searches of this page when storage refuses writes', () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      const { result } = renderHook(() => useSearchHistory());
      act(() => result.current.add('仙剑'));
      act(() => result.current.add('封神'));
      expect(result.current.history).toEqual(['封神', '仙剑']);
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });
});
