import type { ApiClient, CallOptions } from '../../../api/client.ts';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { Fields } from '../../../api/protocol/wire.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * The lists a player last saw open offline. Calls are signed, encrypted POSTs
 * (api/protocol/wire.ts): the service worker cannot cache them, so the client keeps the last
 * answer of these calls itself (src/app/offline/last-seen.ts, IndexedDB, one player's at a time)
 * and answers with it when the network fails. The home page, the game lists and the categories:
 * what the tab bar opens. Everything else fails as before.
 */
export const LAST_SEEN_PATHS: ReadonlySet<string> = new Set([
  calls.down.getAppIndexContent,
  calls.game.getGameList,
  calls.game.getNewGames,
  calls.game.getTodayRecommend,
  calls.game.getWeekOrderGames,
  calls.game.getCategories,
]);

/** Whose lists these are: the signed-in player's uuid, or '' signed out. */
export type OwnerOf = () => string;

/** The store loads in its own chunk (entry budget): on the first answer worth keeping, or the first failure. */
const store = () => import('./last-seen.ts');

/**
 * `api` whose LAST_SEEN_PATHS answers are kept (in the background) and, when the network fails
 * (offline, timeout), answered from what this same owner last saw. Never another owner's.
 */
export function withLastSeen<C extends ApiClient>(api: C, ownerOf: OwnerOf): C {
  const call = async <T>(path: string, payload: Fields = {}, options: CallOptions = {}): Promise<ApiOutcome<T>> => {
    const owner = ownerOf();
    const outcome = await api.call<T>(path, payload, options);
    if (!LAST_SEEN_PATHS.has(path)) return outcome;
    if (outcome.kind === 'ok') {
      // An answer that arrives after a sign-out or a change of player is nobody's to keep.
      if (ownerOf() !== owner) return outcome;
      store()
        .then((lastSeen) => lastSeen.remember(owner, path, payload, outcome))
        .catch((error: unknown) => console.warn('[last-seen] not kept', error));
    } else if (outcome.kind === 'error' && (outcome.reason === 'network' || outcome.reason === 'timeout')) {
      try {
        const kept = await (await store()).recall<T>(owner, path, payload);
        if (kept) return kept;
      } catch (error) {
        console.warn('[last-seen] not read', error);
      }
    }
    return outcome;
  };
  return { ...api, call };
}
