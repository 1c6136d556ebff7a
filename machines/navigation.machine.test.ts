import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { classifyResponse } from '../api/outcome.ts';
import { CODE, MSG } from '../api/protocol/codes.ts';
import { REDIRECT_AFTER_EXPIRE_MS } from './constants.ts';
import { navigationMachine } from './navigation.machine.ts';
import type { AppLocation, NavigationEvent, NavigationRules, RouteData } from './navigation.types.ts';
import { sessionMachine } from './session.machine.ts';
import { LOGIN_PATH, type ActiveRecordInput } from './session.types.ts';

const RULES: NavigationRules = {
  protectedPaths: ['/dailymission', '/orderpay', '/service'],
  keepScrollPaths: ['/', '/mine', '/circle'],
  blockedMoves: [{ from: '/circle', to: '/orderpay' }],
  loginPath: LOGIN_PATH,
};

const at = (path: string, data: RouteData | null = null): AppLocation => ({ path, data });

function start(location: AppLocation = at('/'), signedIn = false) {
  const effects: string[] = [];
  const record = (name: string) => (_: unknown, raw: unknown) => {
    const params = raw as { location?: AppLocation; replace?: boolean } | undefined;
    const where = params?.location ? ` ${params.location.path}${params.location.data ? JSON.stringify(params.location.data) : ''}` : '';
    effects.push(`${name}${where}${params?.replace ? ' (replace)' : ''}`);
  };
  const machine = navigationMachine.provide({
    actions: {
      navigate: record('navigate'),
      replaceLocation: record('replaceLocation'),
      goBack: record('goBack'),
      openLogin: record('openLogin'),
      scrollToTop: record('scrollToTop'),
      restoreScroll: record('restoreScroll'),
      rememberRoute: record('rememberRoute'),
    },
  });
  const actor = createActor(machine, { input: { location, signedIn, rules: RULES } }).start();
  actor.send({ type: 'nav.start' });
  const send = (...events: NavigationEvent[]) => {
    effects.length = 0;
    events.forEach((event) => actor.send(event));
    return [...effects];
  };
  const current = () => actor.getSnapshot().context.current;
  const pending = () => actor.getSnapshot().context.pending;
  return { actor, effects, send, current, pending };
}

const request = (to: string, data?: RouteData, replace?: boolean): NavigationEvent => ({ type: 'nav.request', to, data, replace });
const popstate = (path: string, data: RouteData | null = null): NavigationEvent => ({ type: 'nav.popstate', path, data });
const signIn: NavigationEvent = { type: 'session.changed', signedIn: true };

describe('navigation machine: start-up', () => {
  it('accepts a public deep link and remembers it', () => {
    const { actor, effects, current } = start(at('/aboutus'));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(current()).toEqual(at('/aboutus'));
    expect(effects).toEqual(['rememberRoute /aboutus']);
  });

  it('cancels a protected deep link without a token: home under the login popup, completed after login', () => {
    const { actor, effects, send, current, pending } = start(at('/dailymission', { tab: 2 }));
    expect(actor.getSnapshot().value).toBe('awaitingLogin');
    expect(effects).toEqual(['replaceLocation /', 'rememberRoute /', 'openLogin']);
    expect(current()).toEqual(at('/'));
    expect(pending()).toEqual(at('/dailymission', { tab: 2 }));
    expect(send(signIn)).toEqual(['navigate /dailymission{"tab":2}', 'scrollToTop', 'rememberRoute /dailymission{"tab":2}']);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(pending()).toBeNull();
  });

  it('accepts a protected deep link with a token', () => {
    const { actor, effects } = start(at('/dailymission'), true);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(effects).toEqual(['rememberRoute /dailymission']);
  });
});

describe('navigation machine: requests', () => {
  it('pushes a public route, scrolls to top and remembers it', () => {
    const { send, current } = start();
    expect(send(request('/aboutus', { from: 'home' }))).toEqual(['navigate /aboutus{"from":"home"}', 'scrollToTop', 'rememberRoute /aboutus{"from":"home"}']);
    expect(current()).toEqual(at('/aboutus', { from: 'home' }));
  });

  it('keeps the scroll of the keep-scroll routes (restores their own)', () => {
    const { send } = start(at('/aboutus'));
    expect(send(request('/mine'))).toEqual(['navigate /mine', 'restoreScroll /mine', 'rememberRoute /mine']);
  });

  it('replaces instead of pushing when asked', () => {
    const { send } = start(at('/aboutus'));
    expect(send(request('/mine', undefined, true))[0]).toBe('navigate /mine (replace)');
  });

  it('ignores a request for the location already shown, but not the same path with other data', () => {
    const { send } = start(at('/aboutus', { a: 1 }));
    expect(send(request('/aboutus', { a: 1 }))).toEqual([]);
    expect(send(request('/aboutus', { a: 2 }))[0]).toBe('navigate /aboutus{"a":2}');
  });

  it("'back' and nav.back go back", () => {
    const { send, current } = start(at('/aboutus'));
    expect(send(request('back'))).toEqual(['goBack']);
    expect(send({ type: 'nav.back' })).toEqual(['goBack']);
    expect(current()).toEqual(at('/aboutus'));
  });
});

describe('navigation machine: protected routes', () => {
  it('opens the login popup and cancels the move without a token', () => {
    const { actor, send, current, pending } = start(at('/mine'));
    expect(send(request('/dailymission'))).toEqual(['openLogin']);
    expect(actor.getSnapshot().value).toBe('awaitingLogin');
    expect(current()).toEqual(at('/mine'));
    expect(pending()).toEqual(at('/dailymission'));
  });

  it('completes the cancelled move after login, with its data', () => {
    const { send, current } = start(at('/mine'));
    send(request('/service', { from: 'mine' }));
    expect(send(signIn)).toEqual(['navigate /service{"from":"mine"}', 'scrollToTop', 'rememberRoute /service{"from":"mine"}']);
    expect(current()).toEqual(at('/service', { from: 'mine' }));
  });

  it('forgets the cancelled move when the popup is dismissed; a later login goes nowhere', () => {
    const { actor, send, pending } = start(at('/mine'));
    send(request('/dailymission'));
    expect(send({ type: 'login.dismissed' })).toEqual([]);
    expect(pending()).toBeNull();
    expect(send(signIn)).toEqual([]);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('lets a signed-in player through, and asks again after sign-out', () => {
    const { send } = start(at('/mine'), true);
    expect(send(request('/dailymission'))[0]).toBe('navigate /dailymission');
    send(request('/mine'));
    expect(send({ type: 'session.changed', signedIn: false }, request('/dailymission'))).toEqual(['openLogin']);
  });

  it('a newer move while the popup is open supersedes the pending one', () => {
    const { actor, send, pending } = start(at('/mine'));
    send(request('/dailymission'));
    expect(send(request('/service'))).toEqual(['openLogin']);
    expect(pending()).toEqual(at('/service'));
    expect(send(request('/aboutus'))).toEqual(['navigate /aboutus', 'scrollToTop', 'rememberRoute /aboutus']);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(pending()).toBeNull();
  });

  it('going back while the popup is open drops the pending move', () => {
    const { send, pending } = start(at('/mine'));
    send(request('/dailymission'));
    expect(send({ type: 'nav.back' })).toEqual(['goBack']);
    expect(pending()).toBeNull();
  });

  it("a popstate to the page already shown (an overlay's own history entry) keeps the pending move", () => {
    const { actor, send, pending } = start(at('/mine'));
    send(request('/dailymission'));
    expect(send(popstate('/mine'))).toEqual([]);
    expect(actor.getSnapshot().value).toBe('awaitingLogin');
    expect(pending()).toEqual(at('/dailymission'));
  });

  it('a failed sign-in change (signed out) while waiting keeps waiting', () => {
    const { actor, send } = start(at('/mine'));
    send(request('/dailymission'));
    expect(send({ type: 'session.changed', signedIn: false })).toEqual([]);
    expect(actor.getSnapshot().value).toBe('awaitingLogin');
  });
});

describe('navigation machine: /circle → /orderpay', () => {
  it('is refused, signed in or not, and no popup opens', () => {
    for (const signedIn of [false, true]) {
      const { send, current } = start(at('/circle'), signedIn);
      expect(send(request('/orderpay'))).toEqual([]);
      expect(current()).toEqual(at('/circle'));
    }
  });

  it('is allowed from elsewhere with a token', () => {
    const { send } = start(at('/mine'), true);
    expect(send(request('/orderpay'))[0]).toBe('navigate /orderpay');
  });

  it('is refused before the login check, so an anonymous player sees no popup', () => {
    const { actor, send, pending } = start(at('/circle'));
    expect(send(request('/orderpay'))).toEqual([]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(pending()).toBeNull();
  });
});

describe('navigation machine: browser back/forward (nav.popstate)', () => {
  it('accepts a public location: restores its scroll and remembers it, without pushing', () => {
    const { send, current } = start(at('/aboutus'));
    expect(send(popstate('/mine'))).toEqual(['restoreScroll /mine', 'rememberRoute /mine']);
    expect(current()).toEqual(at('/mine'));
  });

  it('puts a protected location back and opens the popup; login completes it', () => {
    const { send, current } = start(at('/aboutus'));
    expect(send(popstate('/dailymission', { d: 1 }))).toEqual(['replaceLocation /aboutus', 'openLogin']);
    expect(current()).toEqual(at('/aboutus'));
    expect(send(signIn)[0]).toBe('navigate /dailymission{"d":1}');
  });

  it('puts /orderpay back when reached from /circle', () => {
    const { send, current } = start(at('/circle'), true);
    expect(send(popstate('/orderpay'))).toEqual(['replaceLocation /circle']);
    expect(current()).toEqual(at('/circle'));
  });

  it('ignores a popstate to the location already shown', () => {
    const { send } = start(at('/aboutus'));
    expect(send(popstate('/aboutus'))).toEqual([]);
  });

  it('back to a page outside the keep-scroll list opens it at the top, kept alive or not', () => {
    const { send } = start(at('/aboutus'));
    for (const path of ['/ranking', '/routine', '/hotbt', '/gamedetail', '/rechargerecord']) {
      expect(send(popstate(path)), path).toEqual(['scrollToTop', `rememberRoute ${path}`]);
    }
  });

  it('a popstate elsewhere while the popup is open drops the pending move and is checked as usual', () => {
    const { send, pending } = start(at('/mine'));
    send(request('/dailymission'));
    expect(send(popstate('/aboutus'))).toEqual(['scrollToTop', 'rememberRoute /aboutus']);
    expect(pending()).toBeNull();
  });
});

describe('navigation machine with the session machine: an invalidated session is sent to /login', () => {
  function startBoth() {
    const clock = new SimulatedClock();
    const nav = start(at('/mine'), true);
    const toasts = vi.fn();
    const session = createActor(
      sessionMachine.provide({
        actions: {
          navigateTo: (_, params) => nav.actor.send(request(params.path)),
          showToast: (_, params) => toasts(params.message),
        },
        actors: { activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => undefined) },
      }),
      { clock, input: { credentials: { token: 'tok-1', uuid: 'uuid-1', nickname: '玩家' } } },
    );
    session.subscribe((snapshot) => nav.actor.send({ type: 'session.changed', signedIn: snapshot.hasTag('signedIn') }));
    session.start();
    return { clock, nav, session, toasts };
  }

  it('after 1.5 s the player is taken to the /login page (a public page: the full-page login)', () => {
    const { clock, nav, session, toasts } = startBoth();
    nav.effects.length = 0;
    session.send({ type: 'api.outcome', outcome: classifyResponse({ code: CODE.tokenExpired, msg: MSG.tokenExpired, data: null }) });
    expect(toasts).toHaveBeenCalledOnce();
    clock.increment(REDIRECT_AFTER_EXPIRE_MS - 1);
    expect(nav.effects).toEqual([]);
    clock.increment(1);
    expect(nav.effects).toEqual([`navigate ${LOGIN_PATH}`, 'scrollToTop', `rememberRoute ${LOGIN_PATH}`]);
    expect(nav.current()).toEqual(at(LOGIN_PATH));
    expect(nav.pending()).toBeNull();
  });
});
