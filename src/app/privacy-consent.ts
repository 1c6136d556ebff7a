import { STORAGE_KEYS } from '../../machines/constants.ts';

/**
 * The player's consent to the privacy policy (issue 11 "Privacy consent", docs/decisions.md
 * "Accounts: privacy consent and system settings"). One record in localStorage
 * (STORAGE_KEYS.privacyConsent), read and validated on every question, so another tab's
 * withdrawal counts here at once and bad contents never count as consent: anything but a
 * well-formed record reads as "never asked".
 *
 * Who writes it: the first-start guide (同意 / 不同意), a sign-in (the login overlay's box
 * 《用户协议》和《隐私政策》 must be ticked), and /systemsetting (agree later, or withdraw).
 */

export type ConsentState = 'granted' | 'refused' | 'withdrawn';
export type ConsentVia = 'prompt' | 'login' | 'settings';

export interface ConsentRecord {
  state: ConsentState;
  /** When it was decided (ms since the epoch). */
  at: number;
  via: ConsentVia;
}

type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

const STATES: readonly ConsentState[] = ['granted', 'refused', 'withdrawn'];
const VIAS: readonly ConsentVia[] = ['prompt', 'login', 'settings'];
/** A record is ~60 characters; anything much longer is not ours. */
const MAX_RAW_LENGTH = 256;

/** The stored text → a record, or null (never asked, or unreadable: with a warning). Never throws. */
export function decodeConsent(raw: string | null, warn: (message: string) => void = console.warn): ConsentRecord | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = raw.length <= MAX_RAW_LENGTH ? JSON.parse(raw) : undefined;
  } catch {
    value = undefined;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { state, at, via } = value as Record<string, unknown>;
    if (
      (STATES as readonly unknown[]).includes(state) &&
      (VIAS as readonly unknown[]).includes(via) &&
      typeof at === 'number' &&
      Number.isSafeInteger(at) &&
      at >= 0
    ) {
      return { state: state as ConsentState, at, via: via as ConsentVia };
    }
  }
  warn(`privacy consent: unreadable ${STORAGE_KEYS.privacyConsent} value ignored (counts as never asked)`);
  return null;
}

export function encodeConsent(record: ConsentRecord): string {
  return JSON.stringify({ state: record.state, at: record.at, via: record.via });
}

export function isGranted(record: ConsentRecord | null): boolean {
  return record?.state === 'granted';
}

export interface ConsentStore {
  /** The stored record, validated; null = never asked. */
  record(): ConsentRecord | null;
  granted(): boolean;
  grant(via: ConsentVia): void;
  /** 不同意 in the first-start guide: basic mode, not asked again at start. */
  refuse(via: ConsentVia): void;
  /** 撤回 in /systemsetting. */
  withdraw(): void;
  /** Called after every change in this tab and, with `watch`, in another. */
  subscribe(listener: () => void): () => void;
}

export interface ConsentStoreOptions {
  now?: () => number;
  /** Another tab's changes (the window's 'storage' events); absent in tests. */
  watch?: (onChange: () => void) => void;
}

export function createConsentStore(storage: ConsentStorage, options: ConsentStoreOptions = {}): ConsentStore {
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  // Kept only for a storage that refuses writes: the decision still holds for this page's lifetime.
  let unsaved: ConsentRecord | null = null;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function record(): ConsentRecord | null {
    if (unsaved) return unsaved;
    try {
      return decodeConsent(storage.getItem(STORAGE_KEYS.privacyConsent));
    } catch {
      return null;
    }
  }

  function decide(state: ConsentState, via: ConsentVia): void {
    const next: ConsentRecord = { state, at: Math.max(0, Math.floor(now())), via };
    try {
      storage.setItem(STORAGE_KEYS.privacyConsent, encodeConsent(next));
      unsaved = null;
    } catch {
      unsaved = next;
    }
    notify();
  }

  options.watch?.(notify);

  return {
    record,
    granted: () => isGranted(record()),
    grant: (via) => decide('granted', via),
    refuse: (via) => decide('refused', via),
    withdraw: () => decide('withdrawn', 'settings'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The window's storage events for one key, as ConsentStoreOptions.watch / preference stores want them. */
export function watchStorageKey(host: { addEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void }, key: string) {
  return (onChange: () => void): void => {
    host.addEventListener?.('storage', (event) => {
      if (event.key === null || event.key === key) onChange();
    });
  };
}
