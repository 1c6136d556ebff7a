import type { AppRuntime } from '../runtime.ts';

/** Whose last-seen lists apply (src/app/offline/last-seen-client.ts): the player's uuid, '' signed out. */
export const ownerOf = (session: Pick<AppRuntime['session'], 'getSnapshot'>): string => session.getSnapshot().context.credentials?.uuid ?? '';
