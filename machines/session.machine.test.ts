import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type AnyStateNode, type StateValue } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { classifyResponse } from '../api/outcome.ts';
import { CODE, MSG } from '../api/protocol/codes.ts';
import { ACTIVE_RECORD_THROTTLE_MS, REDIRECT_AFTER_EXPIRE_MS, RELOAD_AFTER_REVOKE_MS } from './constants.ts';
import { sessionMachine } from './session.machine.ts';
import { LOGIN_PATH, type Credentials, type SessionEvent } from './session.types.ts';

const CREDS: Credentials = { token: 'tok-1', uuid: 'uuid-1', nickname: '玩家' };
const OTHER_CREDS: Credentials = { token: 'tok-2', uuid: 'uuid-2', nickname: '新玩家' };

const outcome = (code: number, msg: string): SessionEvent => ({ type: 'api.outcome', outcome: classifyResponse({ code, msg, data: null }) });
const OUTCOMES = {
  ok: outcome(CODE.ok, MSG.fetched),
  shownToast: outcome(CODE.refused, '今日已签到'),
  suppressedToast: outcome(CODE.refused, MSG.paramError),
  revoked: outcome(CODE.signedInElsewhere, MSG.signedInElsewhere),
  disabled: outcome(CODE.accountDisabled, MSG.accountDisabled),
  expired: outcome(CODE.tokenExpired, MSG.tokenExpired),
  passwordChanged: outcome(CODE.passwordChanged, MSG.passwordChanged),
  tokenMessage: outcome(CODE.refused, MSG.tokenVerifyFailed),
  error: outcome(CODE.badRequest, MSG.badSign),
} satisfies Record<string, SessionEvent>;
const NETWORK_ERROR: SessionEvent = { type: 'api.outcome', outcome: { kind: 'error', reason: 'network', code: null, msg: 'Error' } };

function start(credentials: Credentials | null = null, activeRecordFails = false) {
  const clock = new SimulatedClock();
  const spies = {
    persistCredentials: vi.fn<(credentials: Credentials | null) => void>(),
    showToast: vi.fn<(message: string) => void>(),
    reloadPage: vi.fn<() => void>(),
    navigateTo: vi.fn<(path: string) => void>(),
    onSignedIn: vi.fn<(credentials: Credentials) => void>(),
    activeRecord: vi.fn<(credentials: Credentials) => void>(),
  };
  const machine = sessionMachine.provide({
    actions: {
      persistCredentials: (_, params) => spies.persistCredentials(params.credentials),
      showToast: (_, params) => spies.showToast(params.message),
      reloadPage: () => spies.reloadPage(),
      navigateTo: (_, params) => spies.navigateTo(params.path),
      onSignedIn: (_, params) => spies.onSignedIn(params.credentials),
    },
    actors: {
      activeRecord: fromPromise(async ({ input }) => {
        spies.activeRecord(input.credentials);
        if (activeRecordFails) throw new Error('network');
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { credentials } }).start();
  const sendAll = (...events: SessionEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, clock, spies, sendAll };
}

describe('session machine: boot and credentials', () => {
  it('starts anonymous without stored credentials and makes no calls', () => {
    const { actor, spies } = start();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(spies.activeRecord).not.toHaveBeenCalled();
    expect(spies.persistCredentials).not.toHaveBeenCalled();
  });

  it('starts signed in from stored credentials: one active record, no re-persist, no sign-in hook', () => {
    const { actor, spies } = start(CREDS);
    expect(actor.getSnapshot().value).toEqual({ signedIn: { recording: 'quiet' } });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.credentials).toEqual(CREDS);
    expect(spies.activeRecord.mock.calls).toEqual([[CREDS]]);
    expect(spies.persistCredentials).not.toHaveBeenCalled();
    expect(spies.onSignedIn).not.toHaveBeenCalled();
  });

  it('session.signedIn stores, persists, runs the sign-in hook and records activity once', () => {
    const { actor, spies } = start();
    actor.send({ type: 'session.signedIn', credentials: CREDS });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.credentials).toEqual(CREDS);
    expect(spies.persistCredentials.mock.calls).toEqual([[CREDS]]);
    expect(spies.onSignedIn.mock.calls).toEqual([[CREDS]]);
    expect(spies.activeRecord.mock.calls).toEqual([[CREDS]]);
  });

  it('a second session.signedIn replaces the credentials', () => {
    const { actor, spies } = start(CREDS);
    actor.send({ type: 'session.signedIn', credentials: OTHER_CREDS });
    expect(actor.getSnapshot().context.credentials).toEqual(OTHER_CREDS);
    expect(spies.persistCredentials.mock.calls).toEqual([[OTHER_CREDS]]);
  });

  it('session.signedOut clears and persists null', () => {
    const { actor, spies } = start(CREDS);
    actor.send({ type: 'session.signedOut' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.credentials).toBeNull();
    expect(spies.persistCredentials.mock.calls).toEqual([[null]]);
  });

  it('session.nickname.changed updates and persists while signed in, and is ignored while anonymous', () => {
    const { actor, spies } = start(CREDS);
    actor.send({ type: 'session.nickname.changed', nickname: '改名' });
    const renamed = { ...CREDS, nickname: '改名' };
    expect(actor.getSnapshot().context.credentials).toEqual(renamed);
    expect(spies.persistCredentials.mock.calls).toEqual([[renamed]]);

    actor.send({ type: 'session.signedOut' });
    actor.send({ type: 'session.nickname.changed', nickname: '再改' });
    expect(actor.getSnapshot().context.credentials).toBeNull();
    expect(spies.persistCredentials.mock.calls).toEqual([[renamed], [null]]);
  });
});

describe('session machine: error catalogue (SPEC §8)', () => {
  it.each([
    ['102', OUTCOMES.revoked],
    ['107', OUTCOMES.disabled],
  ])('code %s clears credentials and reloads after exactly RELOAD_AFTER_REVOKE_MS, without a toast', (_, event) => {
    const { actor, clock, spies } = start(CREDS);
    actor.send(event);
    expect(actor.getSnapshot().value).toBe('revoking');
    expect(actor.getSnapshot().hasTag('ending')).toBe(true);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(actor.getSnapshot().context.credentials).toBeNull();
    expect(spies.persistCredentials.mock.calls).toEqual([[null]]);
    clock.increment(RELOAD_AFTER_REVOKE_MS - 1);
    expect(spies.reloadPage).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(spies.showToast).not.toHaveBeenCalled();
    expect(spies.navigateTo).not.toHaveBeenCalled();
  });

  it.each([
    ['104', OUTCOMES.expired, MSG.tokenExpired],
    ['106', OUTCOMES.passwordChanged, MSG.passwordChanged],
    ['a token message', OUTCOMES.tokenMessage, MSG.loginExpired],
  ])('%s clears credentials, toasts, and goes to /login after exactly REDIRECT_AFTER_EXPIRE_MS', (_, event, toast) => {
    const { actor, clock, spies } = start(CREDS);
    actor.send(event);
    expect(actor.getSnapshot().value).toBe('expiring');
    expect(actor.getSnapshot().hasTag('ending')).toBe(true);
    expect(spies.persistCredentials.mock.calls).toEqual([[null]]);
    expect(spies.showToast.mock.calls).toEqual([[toast]]);
    clock.increment(REDIRECT_AFTER_EXPIRE_MS - 1);
    expect(spies.navigateTo).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.navigateTo.mock.calls).toEqual([[LOGIN_PATH]]);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('session outcomes act while anonymous too', () => {
    const { actor, clock, spies } = start();
    actor.send(OUTCOMES.expired);
    clock.increment(REDIRECT_AFTER_EXPIRE_MS);
    expect(spies.navigateTo.mock.calls).toEqual([[LOGIN_PATH]]);
    actor.send(OUTCOMES.revoked);
    clock.increment(RELOAD_AFTER_REVOKE_MS);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('toasts a -1 message, keeps suppressed ones silent, and ignores ok and error outcomes', () => {
    const { actor, spies, sendAll } = start(CREDS);
    sendAll(OUTCOMES.shownToast, OUTCOMES.suppressedToast, OUTCOMES.ok, OUTCOMES.error, NETWORK_ERROR);
    expect(spies.showToast.mock.calls).toEqual([['今日已签到']]);
    expect(actor.getSnapshot().value).toEqual({ signedIn: { recording: 'quiet' } });
    expect(spies.persistCredentials).not.toHaveBeenCalled();
    expect(spies.reloadPage).not.toHaveBeenCalled();
    expect(spies.navigateTo).not.toHaveBeenCalled();
  });

  it('a burst of expiries from parallel calls gives one toast and one redirect, timed from the first', () => {
    const { clock, spies, sendAll } = start(CREDS);
    sendAll(OUTCOMES.expired, OUTCOMES.tokenMessage);
    clock.increment(REDIRECT_AFTER_EXPIRE_MS / 2);
    sendAll(OUTCOMES.expired, OUTCOMES.passwordChanged);
    clock.increment(REDIRECT_AFTER_EXPIRE_MS / 2);
    expect(spies.navigateTo).toHaveBeenCalledTimes(1);
    clock.increment(REDIRECT_AFTER_EXPIRE_MS * 2);
    expect(spies.showToast.mock.calls).toEqual([[MSG.tokenExpired]]);
    expect(spies.navigateTo).toHaveBeenCalledTimes(1);
    expect(spies.persistCredentials.mock.calls).toEqual([[null]]);
  });

  it('a burst of revokes gives one reload, timed from the first; a later expiry changes nothing', () => {
    const { actor, clock, spies, sendAll } = start(CREDS);
    actor.send(OUTCOMES.revoked);
    clock.increment(RELOAD_AFTER_REVOKE_MS / 2);
    sendAll(OUTCOMES.disabled, OUTCOMES.expired, OUTCOMES.tokenMessage);
    expect(actor.getSnapshot().value).toBe('revoking');
    clock.increment(RELOAD_AFTER_REVOKE_MS / 2);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    clock.increment(REDIRECT_AFTER_EXPIRE_MS * 2);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    expect(spies.showToast).not.toHaveBeenCalled();
    expect(spies.navigateTo).not.toHaveBeenCalled();
  });

  it('a revoke during the expiry wait wins: reload 1 s after the revoke, never the redirect', () => {
    const { actor, clock, spies } = start(CREDS);
    actor.send(OUTCOMES.expired);
    const revokeAt = REDIRECT_AFTER_EXPIRE_MS / 2;
    clock.increment(revokeAt);
    actor.send(OUTCOMES.revoked);
    expect(actor.getSnapshot().value).toBe('revoking');
    clock.increment(RELOAD_AFTER_REVOKE_MS - 1);
    expect(spies.reloadPage).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    clock.increment(REDIRECT_AFTER_EXPIRE_MS * 2);
    expect(spies.navigateTo).not.toHaveBeenCalled();
    expect(spies.showToast).toHaveBeenCalledTimes(1);
  });

  it('ordinary toasts still show while a redirect is pending', () => {
    const { actor, spies } = start(CREDS);
    actor.send(OUTCOMES.expired);
    actor.send(OUTCOMES.shownToast);
    expect(spies.showToast.mock.calls).toEqual([[MSG.tokenExpired], ['今日已签到']]);
  });

  it('signing in during the expiry wait cancels the redirect', () => {
    const { actor, clock, spies } = start(CREDS);
    actor.send(OUTCOMES.expired);
    actor.send({ type: 'session.signedIn', credentials: OTHER_CREDS });
    clock.increment(REDIRECT_AFTER_EXPIRE_MS * 2);
    expect(spies.navigateTo).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.credentials).toEqual(OTHER_CREDS);
    expect(spies.persistCredentials.mock.calls).toEqual([[null], [OTHER_CREDS]]);
  });
});

describe('session machine: active record throttle (SPEC §4, §9)', () => {
  /** Signed in, past the sign-in call's window, counters reset. */
  function startIdle() {
    const session = start(CREDS);
    session.clock.increment(ACTIVE_RECORD_THROTTLE_MS);
    expect(session.actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    session.spies.activeRecord.mockClear();
    return session;
  }
  const step = ACTIVE_RECORD_THROTTLE_MS / 5;

  it('five activity events within one window give a leading and one trailing call', () => {
    const { actor, clock, spies } = startIdle();
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'session.activity' });
      if (i < 4) clock.increment(step);
    }
    expect(spies.activeRecord).toHaveBeenCalledTimes(1);
    clock.increment(ACTIVE_RECORD_THROTTLE_MS - 4 * step - 1);
    expect(spies.activeRecord).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(spies.activeRecord).toHaveBeenCalledTimes(2);
    clock.increment(ACTIVE_RECORD_THROTTLE_MS * 3);
    expect(spies.activeRecord).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
  });

  it('a single activity gives a single call', () => {
    const { actor, clock, spies } = startIdle();
    actor.send({ type: 'session.activity' });
    clock.increment(ACTIVE_RECORD_THROTTLE_MS * 3);
    expect(spies.activeRecord.mock.calls).toEqual([[CREDS]]);
  });

  it('activity during the trailing window schedules the next trailing call: at most one call per window', () => {
    // SimulatedClock starts a timer set during increment() at the increment's end: land on window edges.
    const { actor, clock, spies } = startIdle();
    actor.send({ type: 'session.activity' });
    clock.increment(step);
    actor.send({ type: 'session.activity' });
    clock.increment(ACTIVE_RECORD_THROTTLE_MS - step);
    expect(spies.activeRecord).toHaveBeenCalledTimes(2);
    clock.increment(step);
    actor.send({ type: 'session.activity' });
    clock.increment(ACTIVE_RECORD_THROTTLE_MS - step - 1);
    expect(spies.activeRecord).toHaveBeenCalledTimes(2);
    clock.increment(1);
    expect(spies.activeRecord).toHaveBeenCalledTimes(3);
    clock.increment(ACTIVE_RECORD_THROTTLE_MS * 3);
    expect(spies.activeRecord).toHaveBeenCalledTimes(3);
  });

  it('activity right after sign-in coalesces into the trailing call of the sign-in window', () => {
    const { actor, clock, spies, sendAll } = start();
    actor.send({ type: 'session.signedIn', credentials: CREDS });
    sendAll({ type: 'session.activity' }, { type: 'session.activity' });
    expect(spies.activeRecord).toHaveBeenCalledTimes(1);
    clock.increment(ACTIVE_RECORD_THROTTLE_MS);
    expect(spies.activeRecord).toHaveBeenCalledTimes(2);
  });

  it('makes no calls while anonymous or while the session is ending', () => {
    const { actor, clock, spies, sendAll } = start();
    sendAll({ type: 'session.activity' }, { type: 'session.activity' });
    clock.increment(ACTIVE_RECORD_THROTTLE_MS * 2);
    actor.send(OUTCOMES.expired);
    actor.send({ type: 'session.activity' });
    clock.increment(REDIRECT_AFTER_EXPIRE_MS);
    actor.send({ type: 'session.activity' });
    expect(spies.activeRecord).not.toHaveBeenCalled();
  });

  it('a failing active-record call leaves the session running', () => {
    const { actor, clock, spies } = start(CREDS, true);
    clock.increment(ACTIVE_RECORD_THROTTLE_MS);
    actor.send({ type: 'session.activity' });
    expect(spies.activeRecord).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
  });
});

describe('session machine: graph', () => {
  const DELAY_MS: Record<string, number> = {
    reloadAfterRevoke: RELOAD_AFTER_REVOKE_MS,
    redirectAfterExpire: REDIRECT_AFTER_EXPIRE_MS,
    activeRecordThrottle: ACTIVE_RECORD_THROTTLE_MS,
  };
  const LABELLED_EVENTS: Array<[string, SessionEvent]> = [
    ['session.signedIn', { type: 'session.signedIn', credentials: CREDS }],
    ['session.signedOut', { type: 'session.signedOut' }],
    ['session.nickname.changed', { type: 'session.nickname.changed', nickname: '改名' }],
    ['session.activity', { type: 'session.activity' }],
    ['api.outcome:ok', OUTCOMES.ok],
    ['api.outcome:toast', OUTCOMES.shownToast],
    ['api.outcome:suppressedToast', OUTCOMES.suppressedToast],
    ['api.outcome:revoked', OUTCOMES.revoked],
    ['api.outcome:expired', OUTCOMES.expired],
    ['api.outcome:error', OUTCOMES.error],
  ];
  // Delayed transitions and actor errors as the graph names them (checked against the machine below).
  const INTERNAL_EVENTS = [
    'xstate.after.reloadAfterRevoke.session.revoking',
    'xstate.after.redirectAfterExpire.session.expiring',
    'xstate.after.activeRecordThrottle.session.signedIn.recording',
    'xstate.error.actor.activeRecord',
  ].map((type) => ({ type }) as unknown as SessionEvent);
  const EVENTS = [...LABELLED_EVENTS.map(([, event]) => event), ...INTERNAL_EVENTS];
  const label = (event: SessionEvent) =>
    LABELLED_EVENTS.find(([, candidate]) => candidate === event)?.[0] ?? event.type.replace(/^xstate\.after\.(\w+)\..*$/, 'after:$1');

  const valueKey = (value: StateValue): string =>
    typeof value === 'string' ? value : Object.entries(value).map(([key, child]) => `${key}.${valueKey(child as StateValue)}`).join(',');
  const serializeState = (snapshot: AnyMachineSnapshot) =>
    `${valueKey(snapshot.value)}|${snapshot.context.credentials === null ? 'anonymous' : 'credentials'}`;
  const traversal = { events: EVENTS, serializeState, input: { credentials: null } };

  function declaredStatePaths(node: AnyStateNode = sessionMachine.root, prefix = ''): string[] {
    return Object.entries(node.states)
      .flatMap(([key, child]) => [prefix + key, ...declaredStatePaths(child, `${prefix}${key}.`)])
      .sort();
  }
  function activeStatePaths(value: StateValue, prefix = ''): string[] {
    if (typeof value === 'string') return [prefix + value];
    return Object.entries(value).flatMap(([key, child]) => [prefix + key, ...activeStatePaths(child as StateValue, `${prefix}${key}.`)]);
  }

  it('the traversal events cover every event type the machine declares', () => {
    const declared = new Set<string>();
    const walk = (node: AnyStateNode) => {
      for (const type of node.transitions.keys()) declared.add(type);
      Object.values(node.states).forEach(walk);
    };
    walk(sessionMachine.root);
    expect([...declared].sort()).toEqual([...new Set(EVENTS.map((event) => event.type))].sort());
  });

  it('reaches every declared state, and signedIn ⇔ credentials in each', () => {
    const paths = getShortestPaths(sessionMachine, traversal);
    const reached = new Set(paths.flatMap((path) => activeStatePaths(path.state.value)));
    expect([...reached].sort()).toEqual(declaredStatePaths());
    for (const { state } of paths) expect(state.hasTag('signedIn')).toBe(state.context.credentials !== null);
  });

  it('has exactly the designed state-changing transitions', () => {
    const edges = new Set<string>();
    for (const { state, event, nextState } of adjacencyMapToArray(getAdjacencyMap(sessionMachine, traversal))) {
      const [from, to] = [valueKey(state.value), valueKey(nextState.value)];
      if (from !== to) edges.add(`${from} --${label(event)}--> ${to}`);
    }
    const quiet = 'signedIn.recording.quiet';
    const pending = 'signedIn.recording.pending';
    const idle = 'signedIn.idle';
    const expected = [
      `anonymous --session.signedIn--> ${quiet}`,
      'anonymous --api.outcome:revoked--> revoking',
      'anonymous --api.outcome:expired--> expiring',
      `${quiet} --session.activity--> ${pending}`,
      `${quiet} --after:activeRecordThrottle--> ${idle}`,
      `${pending} --after:activeRecordThrottle--> ${quiet}`,
      `${idle} --session.activity--> ${quiet}`,
      `${pending} --session.signedIn--> ${quiet}`,
      `${idle} --session.signedIn--> ${quiet}`,
      ...[quiet, pending, idle].flatMap((from) => [
        `${from} --session.signedOut--> anonymous`,
        `${from} --api.outcome:revoked--> revoking`,
        `${from} --api.outcome:expired--> expiring`,
      ]),
      'expiring --api.outcome:revoked--> revoking',
      'expiring --after:redirectAfterExpire--> anonymous',
      `expiring --session.signedIn--> ${quiet}`,
      'revoking --after:reloadAfterRevoke--> anonymous',
      `revoking --session.signedIn--> ${quiet}`,
    ];
    expect([...edges].sort()).toEqual(expected.sort());
  });

  it('replays every shortest path, then every event, on a real actor with a simulated clock', () => {
    const edges = adjacencyMapToArray(getAdjacencyMap(sessionMachine, traversal));
    const paths = getShortestPaths(sessionMachine, traversal);
    let replayed = 0;
    for (const path of paths) {
      for (const extra of EVENTS) {
        const { actor, clock } = start();
        for (const event of [...path.steps.slice(1).map((step) => step.event), extra]) {
          const delay = /^xstate\.after\.(\w+)\.session\.(.+)$/.exec(event.type);
          if (delay) {
            // Each state runs at most one timer and other events take no time, so advancing the
            // delay fires exactly this one, provided its state is active (else the graph ignores it).
            if (activeStatePaths(actor.getSnapshot().value).includes(delay[2]!)) clock.increment(DELAY_MS[delay[1]!]!);
          } else if (!event.type.startsWith('xstate.')) {
            actor.send(event);
          }
        }
        const expected = edges.find((edge) => serializeState(edge.state) === serializeState(path.state) && edge.event === extra)!.nextState;
        expect(actor.getSnapshot().value, `${path.steps.map((step) => label(step.event)).join(' → ')} → ${label(extra)}`).toEqual(expected.value);
        expect(actor.getSnapshot().context).toEqual(expected.context);
        actor.stop();
        replayed++;
      }
    }
    expect(replayed).toBe(paths.length * EVENTS.length);
  });
});
