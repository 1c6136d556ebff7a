/** Local search history (SPEC §2 /searchHistory): newest first, at most 10, no duplicates, no blanks. */

export const SEARCH_HISTORY_KEY = 'searchHistory';
export const SEARCH_HISTORY_MAX = 10;
/** The server refuses longer keywords (docs/catalog.md getSearchGames). */
export const KEYWORD_MAX_LENGTH = 30;

export function normalizeKeyword(value: string): string {
  return value.trim().slice(0, KEYWORD_MAX_LENGTH);
}

/** Adds a search at the front; an earlier identical one moves up. */
export function addToHistory(history: readonly string[], keyword: string): string[] {
  const word = normalizeKeyword(keyword);
  if (!word) return [...history];
  return [word, ...history.filter((entry) => entry !== word)].slice(0, SEARCH_HISTORY_MAX);
}

/** Whatever storage holds (another version's format, a hand edit, garbage) becomes a valid history. */
export function decodeHistory(raw: string | null): string[] {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  let history: string[] = [];
  for (const entry of [...parsed].reverse()) if (typeof entry === 'string') history = addToHistory(history, entry);
  return history;
}

export function readHistory(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    return decodeHistory(storage.getItem(SEARCH_HISTORY_KEY));
  } catch {
    return [];
  }
}

/** Stores the history; false when storage is full or denied (private mode): it then lives for this page only. */
export function writeHistory(storage: Pick<Storage, 'setItem' | 'removeItem'>, history: readonly string[]): boolean {
  try {
    if (history.length === 0) storage.removeItem(SEARCH_HISTORY_KEY);
    else storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history));
    return true;
  } catch {
    return false;
  }
}
