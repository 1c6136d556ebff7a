import { STORAGE_KEYS } from '../../machines/constants.ts';
import * as calls from '../../api/protocol/call-refs.ts';

/**
 * The player's consent to the privacy policy (docs/decisions.md
 * "Accounts: privacy consent and system settings"). One record in localStorage
 * (STORAGE_KEYS.privacyConsent), read and validated on every question, so another tab's
 * withdrawal counts here at once and bad contents never count as consent: anything but a
 * well-formed record reads as "never asked".
 *
 * Who writes it: the first-start guide (同意 / 不同意), a sign-in (the login overlay's box
 * 《用户协议》和《隐私政策》 must be ticked), and /systemsetting (agree later, or withdraw).
 *
 * A consent is to one version of the policy (the `version` the server serves with
 * /api/down/userPrivacyH5, which an operator bumps when the text changes). Until the app knows the
 * current version, nothing counts as consent; a grant to another version (or a record from before
 * versions, which has none) is not consent, and the player is asked again before any identifier
 * is read (PIPL art. 14: a changed purpose or way of processing needs consent again).
 */

export type ConsentState = 'granted' | 'refused' | 'withdrawn';
export type ConsentVia = 'prompt' | 'login' | 'settings';

export interface ConsentRecord {
  state: ConsentState;
  /** When it was decided (ms since the epoch). */
  at: number;
  via: ConsentVia;
  /** The policy version decided on; null when unknown (records from before versions, or decided before the app knew it). */
  version: string | null;
}

type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

const STATES: readonly ConsentState[] = ['granted', 'refused', 'withdrawn'];
const VIAS: readonly ConsentVia[] = ['prompt', 'login', 'settings'];
/** A record is ~100 characters; anything much longer is not ours. */
const MAX_RAW_LENGTH = 256;
/** The call that serves the policy's text and its current `version` (api/protocol/calls/down.ts userPrivacyH5). */
export const PRIVACY_POLICY_CALL = calls.down.userPrivacyH5;

/** A policy version is a short label ('2026-11-01', 'v3'): printable ASCII, no spaces. */
export const POLICY_VERSION_PATTERN = /^[\x21-\x7e]{1,32}$/;

/** A version as the server sent it → the version, or null when it is not a plausible one. */
export function policyVersionOf(value: unknown): string | null {
  return typeof value === 'string' && POLICY_VERSION_PATTERN.test(value) ? value : null;
}

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
    const { state, at, via, version } = value as Record<string, unknown>;
    if (
      (STATES as readonly unknown[]).includes(state) &&
      (VIAS as readonly unknown[]).includes(via) &&
      typeof at === 'number' &&
      Number.isSafeInteger(at) &&
      at >= 0 &&
      // Absent (a record from before versions) reads as unknown; present, it must be a version.
      (version === undefined || version === null || policyVersionOf(version) !== null)
    ) {
      return { state: state as ConsentState, at, via: via as ConsentVia, version: (version as string | null | undefined) ?? null };
    }
  }
  warn(`privacy consent: unreadable ${STORAGE_KEYS.privacyConsent} value ignored (counts as never asked)`);
  return null;
}

export function encodeConsent(record: ConsentRecord): string {
  return JSON.stringify({ state: record.state, at: record.at, via: record.via, version: record.version });
}

/** Consent to `currentVersion`: granted, to that very version (an unknown current version: no consent). */
export function isGranted(record: ConsentRecord | null, currentVersion: string | null): boolean {
  return record?.state === 'granted' && currentVersion !== null && record.version === currentVersion;
}

/**
 * Whether the player must be asked: never decided, or agreed to another version of the policy
 * than the current one. A refusal or withdrawal stands whatever the version (basic mode; the
 * player can agree in /systemsetting), and with the current version unknown nobody is asked yet.
 */
export function needsDecision(record: ConsentRecord | null, currentVersion: string | null): boolean {
  if (record === null) return true;
  return record.state === 'granted' && currentVersion !== null && record.version !== currentVersion;
}

export interface ConsentStore {
  /** The stored record, validated; null = never asked. */
  record(): ConsentRecord | null;
  /** Consent to the current policy version (false while that version is unknown). */
  granted(): boolean;
  /** Never decided, or agreed to an older policy: the guide asks (again). */
  needsDecision(): boolean;
  /** The current policy version, once the server told it; null before. */
  policyVersion(): string | null;
  /** The server's current policy version (only ever set, never cleared); announced when it changes. */
  setPolicyVersion(version: string): void;
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
  let current: string | null = null;
  // This page's decision taken before the version was known: it is to the version about to arrive.
  let awaitingVersion: ConsentRecord | null = null;

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
    // The version decided on is the one the server serves now. Decided in the moment before the
    // app heard it, the record waits without one and takes it when it arrives (setPolicyVersion).
    const next: ConsentRecord = { state, at: Math.max(0, Math.floor(now())), via, version: current };
    awaitingVersion = current === null ? next : null;
    write(next);
  }

  function write(next: ConsentRecord): void {
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
    granted: () => isGranted(record(), current),
    needsDecision: () => needsDecision(record(), current),
    policyVersion: () => current,
    setPolicyVersion(version) {
      if (version === current) return;
      current = version;
      const pending = awaitingVersion;
      awaitingVersion = null;
      const stored = record();
      // Only if the stored record is still that decision (not another tab's since).
      if (pending && stored && stored.version === null && stored.state === pending.state && stored.at === pending.at && stored.via === pending.via) {
        write({ ...pending, version });
        return;
      }
      notify();
    },
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
