import { INVITE_PARAM, normaliseInviteCode } from '../../../api/protocol/invite-code.ts';

/**
 * The invite code of a share link (`/?invite=<code>`), captured on arrival in the entry
 * chunk (a few hundred bytes) and sent with the registration the login overlay makes later. Kept
 * in localStorage for INVITE_KEEP_MS, so a player who browses first, or comes back the next day
 * in the same browser, still registers as invited; a malformed value is ignored quietly.
 */
export const INVITE_STORAGE_KEY = 'invite_code';
export const INVITE_KEEP_MS = 7 * 24 * 3_600_000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
/** The storage, asked for inside the try: reading window.localStorage itself throws where storage is blocked. */
type StoreOf = () => Store;

/** Remembers the landing URL's code (a newer link wins). */
export function captureInvite(search: string, storage: StoreOf, now: number): void {
  try {
    const code = normaliseInviteCode(new URLSearchParams(search).get(INVITE_PARAM));
    if (code) storage().setItem(INVITE_STORAGE_KEY, JSON.stringify({ code, until: now + INVITE_KEEP_MS }));
  } catch {
    // No storage (blocked): nothing remembered; the player registers uninvited (or enters the code on /invitatefriend).
  }
}

/** The remembered code while it is fresh, else null (an expired or damaged entry is removed). */
export function rememberedInvite(storage: StoreOf, now: number): string | null {
  try {
    const raw = storage().getItem(INVITE_STORAGE_KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as { code?: unknown; until?: unknown } | null;
    const code = normaliseInviteCode(value?.code);
    if (code && typeof value?.until === 'number' && now < value.until) return code;
    storage().removeItem(INVITE_STORAGE_KEY);
  } catch {
    // unreadable: nothing remembered
  }
  return null;
}

/** After a registration used it: forgotten. */
export function forgetInvite(storage: StoreOf): void {
  try {
    storage().removeItem(INVITE_STORAGE_KEY);
  } catch {
    // nothing to do
  }
}
