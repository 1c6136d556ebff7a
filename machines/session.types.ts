import type { ApiOutcome } from '../api/outcome.ts';

/** SPEC §3 session state: stored under STORAGE_KEYS.token / uuid / nickname. */
export interface Credentials {
  token: string;
  uuid: string;
  nickname: string;
}

/** The app reads and validates storage before creating the actor; null means anonymous. */
export interface SessionInput {
  credentials: Credentials | null;
}

export interface SessionContext {
  credentials: Credentials | null;
}

/** Every event the session machine accepts, named by source. */
export type SessionEvent =
  | { type: 'session.signedIn'; credentials: Credentials }
  | { type: 'session.signedOut' }
  | { type: 'session.nickname.changed'; nickname: string }
  | { type: 'session.activity' }
  | { type: 'api.outcome'; outcome: ApiOutcome };

/** 'signedIn': credentials present. 'ending': credentials cleared, a reload or redirect is pending. */
export type SessionTag = 'signedIn' | 'ending';

/** What the app's active-record call (changeActiveRecord) receives. */
export interface ActiveRecordInput {
  credentials: Credentials;
}

export interface PersistCredentialsParams {
  /** null: remove Token, Uuid and NickName from storage. */
  credentials: Credentials | null;
}

export interface ShowToastParams {
  message: string;
}

export interface NavigateToParams {
  path: string;
}

export interface OnSignedInParams {
  credentials: Credentials;
}

/** SPEC §8: where an expired session is sent. */
export const LOGIN_PATH = '/login';
