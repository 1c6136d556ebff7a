import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A list's filters kept in the URL's query (a reload, a shared link and the back button keep
 * them): `parse` reads the query, `search` writes it. `set` pushes a new entry; `replace` does not.
 */
export function useUrlQuery<Q>(parse: (search: string) => Q, search: (query: Q) => string) {
  const text = useSearch();
  const [location, navigate] = useLocation();
  const query = useMemo(() => parse(text), [parse, text]);
  const set = useCallback((next: Q, options: { replace?: boolean } = {}) => navigate(`${location}${search(next)}`, { replace: options.replace ?? false }), [location, navigate, search]);
  return [query, set] as const;
}
