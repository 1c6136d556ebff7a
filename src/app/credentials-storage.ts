import { STORAGE_KEYS } from '../../machines/constants.ts';

export interface StoredCredentials {
  token: string;
  uuid: string;
  nickname: string;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{16,512}$/;
const UUID_SHAPE = /^[A-Za-z0-9-]{8,64}$/;

/**
 * Reads Token/Uuid/NickName (SPEC §3). Anything malformed (hand-edited, truncated, another
 * app's leftovers) is removed and treated as signed out, with a warning: never a crash.
 */
export function readCredentials(storage: KeyValueStorage, warn: (message: string) => void = console.warn): StoredCredentials | null {
  let token: string | null;
  let uuid: string | null;
  let nickname: string | null;
  try {
    token = storage.getItem(STORAGE_KEYS.token);
    uuid = storage.getItem(STORAGE_KEYS.uuid);
    nickname = storage.getItem(STORAGE_KEYS.nickname);
  } catch {
    warn('credentials: storage is not readable; continuing signed out');
    return null;
  }
  if (token === null && uuid === null) return null;
  if (token === null || uuid === null || !TOKEN_SHAPE.test(token) || !UUID_SHAPE.test(uuid)) {
    warn('credentials: stored Token/Uuid are malformed; signing out');
    clearCredentials(storage);
    return null;
  }
  return { token, uuid, nickname: (nickname ?? '').slice(0, 64) };
}

export function writeCredentials(storage: KeyValueStorage, credentials: StoredCredentials | null): void {
  try {
    if (!credentials) {
      clearCredentials(storage);
      return;
    }
    storage.setItem(STORAGE_KEYS.token, credentials.token);
    storage.setItem(STORAGE_KEYS.uuid, credentials.uuid);
    storage.setItem(STORAGE_KEYS.nickname, credentials.nickname);
  } catch {
    // Private mode or a full quota: the session still works for this page's lifetime.
  }
}

function clearCredentials(storage: KeyValueStorage): void {
  try {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.uuid);
    storage.removeItem(STORAGE_KEYS.nickname);
  } catch {
    // nothing to do
  }
}
