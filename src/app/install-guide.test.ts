import { describe, expect, it } from 'vitest';
import { GUIDE_SEEN_KEY } from '../components/InstallGuideHost.tsx';
import { guidePlatform, INSTALL_GUIDE_SEEN_KEY, readGuideSeen, rememberGuideSeen, shouldOfferInstallGuide, type GuideEnvironment } from './install-guide.ts';

const UA = {
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/122.0 Mobile/15E148 Safari/604.1',
  wechat: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
};

const env = (userAgent: string, extra: Partial<GuideEnvironment> = {}): GuideEnvironment => ({ device: null, userAgent, maxTouchPoints: 0, standalone: false, ...extra });

describe('first-visit install guide rules', () => {
  it('is offered once in a mobile browser, not on Android, in the wrapper, on desktop or from the home screen', () => {
    expect(shouldOfferInstallGuide(env(UA.iphoneSafari), false)).toBe(true);
    expect(shouldOfferInstallGuide(env(UA.iphoneSafari), true)).toBe(false);
    expect(shouldOfferInstallGuide(env(UA.android), false)).toBe(false);
    expect(shouldOfferInstallGuide(env(UA.desktop), false)).toBe(false);
    expect(shouldOfferInstallGuide(env(UA.iphoneSafari, { standalone: true }), false)).toBe(false);
    expect(shouldOfferInstallGuide(env(UA.iphoneSafari, { device: { StatusHeight: 24, system: 'iOS 17' } }), false)).toBe(false);
    expect(shouldOfferInstallGuide(env(UA.ipadOs, { maxTouchPoints: 5 }), false)).toBe(true);
    expect(shouldOfferInstallGuide(env(UA.ipadOs), false)).toBe(false);
  });

  it('explains the steps of the browser in hand', () => {
    expect(guidePlatform(env(UA.iphoneSafari))).toBe('ios-safari');
    expect(guidePlatform(env(UA.iphoneChrome))).toBe('ios-other');
    expect(guidePlatform(env(UA.wechat))).toBe('wechat');
    expect(guidePlatform(env(UA.desktop))).toBe('other');
  });

  it('is remembered in storage (and an unreadable storage counts as seen)', () => {
    localStorage.clear();
    expect(readGuideSeen(localStorage)).toBe(false);
    rememberGuideSeen(localStorage, new Date('2025-01-01T00:00:00Z'));
    expect(localStorage.getItem(INSTALL_GUIDE_SEEN_KEY)).toBe('2025-01-01T00:00:00.000Z');
    expect(readGuideSeen(localStorage)).toBe(true);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(readGuideSeen(broken)).toBe(true);
    expect(() => rememberGuideSeen(broken)).not.toThrow();
    expect(GUIDE_SEEN_KEY).toBe(INSTALL_GUIDE_SEEN_KEY);
  });
});
