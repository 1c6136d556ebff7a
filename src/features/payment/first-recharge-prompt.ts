import { request } from '../../../api/typed-call.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import { startupSettled } from '../../app/startup.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * The first-recharge offer shown by the app itself (once per player): after a sign-in,
 * when start-up has settled and the browser is idle, on the home or account tab, with no other
 * dialog or sheet on screen (the rating dialog, the install guide, the login popup), getIsPromote
 * is asked once per app run and /firstrechargedialog opens when show_dialog is true (that page
 * records firstRechargeSeen, so the server never says show_dialog again). Its code sits in the
 * late-features chunk: never in the entry chunk, never on the first paint.
 */

export const FIRST_RECHARGE_PATH = '/firstrechargedialog';
/** Where the offer may interrupt: the tabs a player lands on after signing in. */
export const FIRST_RECHARGE_OFFER_PATHS: ReadonlySet<string> = new Set(['/', '/mine']);
/** After a sign-in, the rating dialog (a pending recharge) opens first: the offer waits this long, then for idle. */
export const FIRST_RECHARGE_DELAY_MS = 3_000;
const OVERLAY_SELECTOR = '[role="dialog"], [aria-modal="true"], .adm-mask, .install-guide';

export interface PromptEnvironment {
  /** Resolves once start-up settled, the delay passed and the browser is idle. */
  whenIdle(): Promise<void>;
  pathname(): string;
  /** Another dialog, sheet or mask is on screen. */
  overlayShown(): boolean;
}

export const browserPromptEnvironment = (): PromptEnvironment => ({
  whenIdle: () =>
    startupSettled()
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, FIRST_RECHARGE_DELAY_MS)))
      .then(
        () =>
          new Promise<void>((resolve) => {
            if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: FIRST_RECHARGE_DELAY_MS });
            else setTimeout(resolve, 0);
          }),
      ),
  pathname: () => window.location.pathname,
  overlayShown: () => document.querySelector(OVERLAY_SELECTOR) !== null,
});

type PromptRuntime = Pick<AppRuntime, 'api' | 'session' | 'navigate'>;

export function createFirstRechargePrompt(runtime: PromptRuntime, env: PromptEnvironment = browserPromptEnvironment()) {
  let asked = false;
  const signedIn = () => runtime.session.getSnapshot().hasTag('signedIn');
  const offer = async () => {
    await env.whenIdle();
    if (asked || !signedIn() || !FIRST_RECHARGE_OFFER_PATHS.has(env.pathname()) || env.overlayShown()) return;
    asked = true;
    const outcome = await request(runtime.api, calls.wallet.getIsPromote, {});
    if (outcome.kind !== 'ok' || !outcome.data?.first_recharge?.show_dialog) return;
    // The player may have moved on or opened something meanwhile.
    if (signedIn() && FIRST_RECHARGE_OFFER_PATHS.has(env.pathname()) && !env.overlayShown()) runtime.navigate(FIRST_RECHARGE_PATH);
  };
  let wasSignedIn = signedIn();
  const subscription = runtime.session.subscribe((snapshot) => {
    const now = snapshot.hasTag('signedIn');
    if (now && !wasSignedIn) void offer();
    wasSignedIn = now;
  });
  return { stop: () => subscription.unsubscribe() };
}
