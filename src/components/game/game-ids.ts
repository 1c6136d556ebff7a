import type { RouteData } from '../../../machines/navigation.types.ts';

const id = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/**
 * The game a page's route data names ({game_id, platform_game_id}, either may be absent), or null
 * when it names none. Its own module: the start-up prefetch (src/app/route-prefetch.ts) builds the
 * game-detail call from it before the page's chunk is there.
 */
export function gameIdsOf(data: RouteData | null): { game_id?: number; platform_game_id?: number } | null {
  const gameId = id(data?.game_id);
  const platformGameId = id(data?.platform_game_id);
  if (!gameId && !platformGameId) return null;
  return { ...(gameId ? { game_id: gameId } : {}), ...(platformGameId ? { platform_game_id: platformGameId } : {}) };
}
