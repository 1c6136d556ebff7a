import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import 'wouter/use-browser-location';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { loginOverlayMachine } from '../../machines/login-overlay.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { ActiveRecordInput, Credentials } from '../../machines/session.types.ts';
import { readyActor } from '../features/deferred-actor.ts';
import { browserNavigationHost, createNavigationFeature, createScrollKeeper, type NavigationFeature } from './navigation-runtime.ts';

const CREDENTIALS: Credentials = { token: 'token-1234567890abcdef', uuid: 'uuid-1234', nickname: '玩家' };

function setUp(path: string, credentials: Credentials | null = null) {
  window.history.replaceState(null, '', path);
  const session = createActor(sessionMachine.provide({ actors: { activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => undefined) } }), {
    input: { credentials },
  }).start();
  const loginOverlay = createActor(loginOverlayMachine, { input: {} }).start();
  const openLogin = vi.fn(() => loginOverlay.send({ type: 'ui.open' }));
  const feature = createNavigationFeature({ session, inspect: () => {}, openLogin, loginOverlay: readyActor(loginOverlay) }, { storage: window.localStorage });
  const state = () => feature.actor.getSnapshot();
  return { session, loginOverlay, openLogin, feature, state };
}

const here = () => window.location.pathname + window.location.search;
const popstate = () => new Promise<void>((resolve) => window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true }));

let feature: NavigationFeature | null = null;
beforeEach(() => localStorage.clear());
afterEach(() => {
  feature?.dispose();
  feature = null;
});

describe('navigation in the browser', () => {
  it('moves through history, remembers the route, and keeps route data in the URL', () => {
    const app = setUp('/mine');
    feature = app.feature;
    app.feature.navigate('/aboutus', { from: 'mine' });
    expect(here()).toBe(`/aboutus?data=${encodeURIComponent('{"from":"mine"}')}`);
    expect(localStorage.getItem(STORAGE_KEYS.routerHistory)).toBe(here());
    expect(window.history.state).toMatchObject({ navIndex: 1 });
  });

  it('a raw history push to a protected page is put back and opens the login popup; login completes it', () => {
    const app = setUp('/mine');
    feature = app.feature;
    window.history.pushState(null, '', '/dailymission');
    expect(here()).toBe('/mine');
    expect(app.openLogin).toHaveBeenCalledOnce();
    expect(app.state().value).toBe('awaitingLogin');

    app.session.send({ type: 'session.signedIn', credentials: CREDENTIALS });
    expect(here()).toBe('/dailymission');
    expect(app.state().value).toBe('ready');
  });

  it('closing the popup without signing in forgets the move', async () => {
    const app = setUp('/mine');
    feature = app.feature;
    app.feature.navigate('/service');
    expect(app.loginOverlay.getSnapshot().matches('closed')).toBe(false);
    app.loginOverlay.send({ type: 'ui.close' });
    await Promise.resolve();
    expect(app.state().value).toBe('ready');
    expect(app.state().context.pending).toBeNull();
  });

  it('browser back onto a protected page without a token is refused in place', async () => {
    const app = setUp('/mine', CREDENTIALS);
    feature = app.feature;
    app.feature.navigate('/dailymission');
    app.feature.navigate('/aboutus');
    app.session.send({ type: 'session.signedOut' });
    const back = popstate();
    window.history.back();
    await back;
    expect(here()).toBe('/aboutus');
    expect(app.openLogin).toHaveBeenCalledOnce();
  });

  it("'back' goes back in history, or home when the app was opened on this page", async () => {
    const app = setUp('/aboutus');
    feature = app.feature;
    app.feature.navigate('back');
    expect(here()).toBe('/');
    expect(app.state().context.current.path).toBe('/');

    app.feature.navigate('/mine');
    const back = popstate();
    app.feature.navigate('back');
    await back;
    expect(here()).toBe('/');
    expect(app.state().context.current.path).toBe('/');
  });
});

describe('scroll keeper', () => {
  it('saves the position of the page being left and hands out one intent', () => {
    let y = 0;
    const scroll = createScrollKeeper(() => y);
    scroll.shown('/mine');
    y = 900;
    scroll.leave();
    scroll.shown('/aboutus');
    scroll.request('restore');
    expect(scroll.take()).toBe('restore');
    expect(scroll.take()).toBeNull();
    expect(scroll.saved('/mine')).toBe(900);
    expect(scroll.saved('/never')).toBe(0);
    scroll.forget('/mine');
    expect(scroll.saved('/mine')).toBe(0);
  });

  it('the browser host stamps entries with their depth', () => {
    window.history.replaceState(null, '', '/x');
    const host = browserNavigationHost();
    expect(window.history.state).toMatchObject({ navIndex: 0 });
    expect(host.canGoBack()).toBe(false);
    host.push('/y');
    expect(host.canGoBack()).toBe(true);
  });
});
