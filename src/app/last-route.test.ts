import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../machines/constants.ts';
import { lastRoute, returnLocation } from './last-route.ts';
import { reloadTarget } from '../pages/reload/ReloadPage.tsx';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === STORAGE_KEYS.routerHistory ? value : null) });

describe('lastRoute / returnLocation (RouterHistoryAfter for the auth pages and /reload)', () => {
  it('reads the remembered route with its data', () => {
    expect(lastRoute(storageWith('/gamedetail?data=%7B%22game_id%22%3A12%7D'))).toEqual({ path: '/gamedetail', data: { game_id: 12 } });
    expect(lastRoute(storageWith('/mine'))).toEqual({ path: '/mine', data: null });
  });

  it('never returns a transit page, an unknown path or another origin', () => {
    for (const href of ['/reload', '/login', '/register', '/findpassword', '/resetpassword', '/nowhere', '//evil.example/x', 'https://evil.example/', '', null]) {
      expect(lastRoute(storageWith(href)), String(href)).toBeNull();
    }
    expect(lastRoute({ getItem: () => { throw new Error('denied'); } })).toBeNull();
  });

  it('returns to the redirect of the route data, else the last route, else /mine', () => {
    expect(returnLocation({ redirect: '/aboutus' }, storageWith('/mine'))).toEqual({ path: '/aboutus', data: null });
    expect(returnLocation({ redirect: '/reload' }, storageWith('/service'))).toEqual({ path: '/service', data: null });
    expect(returnLocation(null, storageWith(null))).toEqual({ path: '/mine', data: null });
  });

  it('/reload lands on the last route, home without one: never on /reload itself', () => {
    expect(reloadTarget(storageWith('/aboutus'))).toBe('/aboutus');
    expect(reloadTarget(storageWith('/reload'))).toBe('/');
    fc.assert(
      fc.property(fc.string(), (href) => {
        const target = reloadTarget(storageWith(href));
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
        expect(new URL(target, 'http://app.invalid').pathname).not.toBe('/reload');
      }),
    );
  });
});
