import type { DeviceInfo } from '../../api/device.ts';
import { isAndroid, isInsideWrapper } from '../../bridge/device-info.ts';

/**
 * SPEC §1/§2 first-visit install guide (/bookmarkguide): how to add the app to the home screen.
 * Offered once, on the first visit in a mobile browser, never on Android (SPEC), never inside the
 * native wrapper, never when already launched from the home screen.
 */

export const INSTALL_GUIDE_SEEN_KEY = 'BookmarkGuideShown';

export type GuidePlatform = 'ios-safari' | 'ios-other' | 'wechat' | 'other';

export interface GuideEnvironment {
  device: DeviceInfo | null;
  userAgent: string;
  /** iPadOS reports a desktop Mac; touch points tell them apart. */
  maxTouchPoints: number;
  /** Launched from the home screen already (display-mode standalone, iOS navigator.standalone). */
  standalone: boolean;
}

const isIos = ({ userAgent, maxTouchPoints }: Pick<GuideEnvironment, 'userAgent' | 'maxTouchPoints'>) =>
  /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);

export function isMobileBrowser(env: Pick<GuideEnvironment, 'userAgent' | 'maxTouchPoints'>): boolean {
  return isIos(env) || /Mobile|Android|HarmonyOS|OpenHarmony/i.test(env.userAgent);
}

export function guidePlatform(env: Pick<GuideEnvironment, 'userAgent' | 'maxTouchPoints'>): GuidePlatform {
  if (/MicroMessenger/i.test(env.userAgent)) return 'wechat';
  if (isIos(env)) return /CriOS|FxiOS|EdgiOS|OPiOS|QQ\/|UCBrowser|baiduboxapp/i.test(env.userAgent) ? 'ios-other' : 'ios-safari';
  return 'other';
}

export function shouldOfferInstallGuide(env: GuideEnvironment, seen: boolean): boolean {
  return !seen && !env.standalone && isMobileBrowser(env) && !isAndroid(env.device, env.userAgent) && !isInsideWrapper(env.device);
}

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readGuideSeen(storage: FlagStorage): boolean {
  try {
    return storage.getItem(INSTALL_GUIDE_SEEN_KEY) !== null;
  } catch {
    // Unreadable storage: do not nag on every visit.
    return true;
  }
}

export function rememberGuideSeen(storage: FlagStorage, now: Date = new Date()): void {
  try {
    storage.setItem(INSTALL_GUIDE_SEEN_KEY, now.toISOString());
  } catch {
    // A full or private storage: the guide may show again next visit, which is harmless.
  }
}

export function browserGuideEnvironment(device: DeviceInfo | null): GuideEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    device,
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
  };
}
