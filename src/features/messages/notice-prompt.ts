import { request } from '../../../api/typed-call.ts';
import type { AppRuntime } from '../../app/runtime.ts';
import type { PromptEnvironment } from '../payment/first-recharge-prompt.ts';
import * as calls from '../../../api/protocol/call-refs.ts';

/**
 * The pop-up notice shown by the app itself: once per notice per player. After the
 * app starts signed in, or after a sign-in, when start-up has settled and the browser is idle
 * (the first-recharge offer's timing), on the home tab with no other dialog on screen, getIsPop is
 * asked once per app run and account; a notice is claimed with markNoticeSeen, and only the claim
 * that comes first (the server's answer `first`, one per player however many devices race) opens
 * /noticedialog. Its code sits in the late-features chunk, never in the entry chunk.
 */

export const NOTICE_DIALOG_PATH = '/noticedialog';
/** Where a pop-up notice may interrupt: the home tab, where the app opens. */
export const NOTICE_POPUP_PATH = '/';

type PromptRuntime = Pick<AppRuntime, 'api' | 'session' | 'navigate'>;

export function createNoticePrompt(runtime: PromptRuntime, env: PromptEnvironment) {
  let askedFor: string | null = null;
  const token = () => {
    const snapshot = runtime.session.getSnapshot();
    return snapshot.hasTag('signedIn') ? (snapshot.context.credentials?.token ?? null) : null;
  };
  const canShow = (account: string) => token() === account && env.pathname() === NOTICE_POPUP_PATH && !env.overlayShown();
  const offer = async (account: string) => {
    await env.whenIdle();
    if (askedFor === account || !canShow(account)) return;
    askedFor = account;
    const pop = await request(runtime.api, calls.messages.getIsPop, {});
    if (pop.kind !== 'ok' || !pop.data || typeof pop.data.id !== 'number') return;
    if (!canShow(account)) return;
    const seen = await request(runtime.api, calls.messages.markNoticeSeen, { id: pop.data.id });
    // The player may have moved on or opened something meanwhile: the claim is spent either way.
    if (seen.kind === 'ok' && seen.data?.first && canShow(account)) runtime.navigate(NOTICE_DIALOG_PATH, { id: pop.data.id });
  };
  let current = token();
  if (current) void offer(current);
  const subscription = runtime.session.subscribe(() => {
    const next = token();
    if (next && next !== current) void offer(next);
    current = next;
  });
  return { stop: () => subscription.unsubscribe() };
}
