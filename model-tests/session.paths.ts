import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { classifyResponse } from '../api/outcome.ts';
import { CODE, MSG } from '../api/protocol/codes.ts';
import { sessionMachine } from '../machines/session.machine.ts';
import type { Credentials, SessionContext, SessionInput } from '../machines/session.types.ts';
import { delayedEventsOf, generateCoveringPaths, type MachinePath, type NotOnPaths } from './coverage.ts';

/**
 * The session machine's model: both boots (stored credentials or none), sign-in and sign-out, the
 * api outcomes that end or keep a session, activity, and the clock (throttle, reload, redirect).
 */

export const SESSION_CALLS = ['activeRecord'] as const;

export const CREDENTIALS: Credentials = { token: 'tok-model', uuid: 'uuid-model', nickname: '玩家' };

export const SESSION_INPUTS: readonly SessionInput[] = [{ credentials: null }, { credentials: CREDENTIALS }];

const outcome = (code: number, msg: string) => ({ type: 'api.outcome', outcome: classifyResponse({ code, msg, data: null }) });

export const sessionEventTable: readonly AnyEventObject[] = [
  { type: 'session.signedIn', credentials: CREDENTIALS },
  { type: 'session.signedOut' },
  { type: 'session.nickname.changed', nickname: '新昵称' },
  { type: 'session.activity' },
  outcome(CODE.ok, MSG.fetched),
  outcome(CODE.refused, '今日已签到'),
  outcome(CODE.signedInElsewhere, MSG.signedInElsewhere),
  outcome(CODE.tokenExpired, MSG.tokenExpired),
  { type: 'xstate.error.actor.activeRecord', error: new Error('network') },
  ...delayedEventsOf(sessionMachine),
];

export function serializeSession(snapshot: AnyMachineSnapshot): string {
  const { credentials } = snapshot.context as SessionContext;
  return JSON.stringify([snapshot.value, credentials]);
}

export const EMPTY_ERROR_TRANSITION = 'session.signedIn.recording xstate.error.actor.activeRecord #0';

export const SESSION_NOT_ON_PATHS: NotOnPaths = {
  'session.anonymous always #0': 'the boot with stored credentials leaves anonymous at xstate.init',
  [EMPTY_ERROR_TRANSITION]: 'a failed active record changes nothing (an empty transition), so no generated step takes it',
};

export interface SessionPath {
  input: SessionInput;
  path: MachinePath;
}

let paths: SessionPath[] | undefined;

export function getSessionPaths(): SessionPath[] {
  paths ??= SESSION_INPUTS.flatMap((input) =>
    generateCoveringPaths(sessionMachine, { events: sessionEventTable, serializeState: serializeSession, input }).map((path) => ({ input, path })),
  );
  return paths;
}
