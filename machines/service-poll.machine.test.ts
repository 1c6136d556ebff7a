import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { classifyResponse } from '../api/outcome.ts';
import { SERVICE_OFFLINE_CHECK_MS, SERVICE_POLL_MS } from './constants.ts';
import { isServicePath, SERVICE_NOTICE_MS } from './service-poll.constants.ts';
import { newNotice, servicePollMachine } from './service-poll.machine.ts';
import type { ServiceStatusOutcome, UnreadMessage, UnreadMessageOutcome } from './service-poll.types.ts';

const unread = (data: UnreadMessage | null): UnreadMessageOutcome => classifyResponse({ code: 1, msg: 'success', data });
const status = (data: 'online' | 'offline'): ServiceStatusOutcome => classifyResponse({ code: 1, msg: 'success', data });
const NETWORK: UnreadMessageOutcome = { kind: 'error', reason: 'network', code: null, msg: '网络异常，请稍后再试' };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A poll actor on a simulated clock; each call waits until the test answers it. */
function start(lastSeenId: string | null = null) {
  const clock = new SimulatedClock();
  const pending: Record<'unread' | 'status', Array<(outcome: unknown) => void>> = { unread: [], status: [] };
  const spies = {
    getUnreadMessage: vi.fn(),
    getServiceStatus: vi.fn(),
    persistSeenId: vi.fn<(id: string) => void>(),
    reloadPage: vi.fn(),
    openServicePage: vi.fn(),
    aborted: vi.fn(),
  };
  const deferred = <T,>(kind: 'unread' | 'status', spy: () => void) =>
    fromPromise<T>(
      ({ signal }) =>
        new Promise<T>((resolve) => {
          spy();
          pending[kind].push(resolve as (outcome: unknown) => void);
          signal.addEventListener('abort', () => spies.aborted(kind));
        }),
    );
  const actor = createActor(
    servicePollMachine.provide({
      actors: {
        getUnreadMessage: deferred<UnreadMessageOutcome>('unread', spies.getUnreadMessage),
        getServiceStatus: deferred<ServiceStatusOutcome>('status', spies.getServiceStatus),
      },
      actions: {
        persistSeenId: (_, params) => spies.persistSeenId(params.id),
        reloadPage: spies.reloadPage,
        openServicePage: spies.openServicePage,
      },
    }),
    { clock, input: { lastSeenId } },
  ).start();
  const answer = async (kind: 'unread' | 'status', outcome: UnreadMessageOutcome | ServiceStatusOutcome) => {
    const resolve = pending[kind].shift();
    if (!resolve) throw new Error(`no pending ${kind} call`);
    resolve(outcome);
    await flush();
  };
  /** Advances in steps no longer than the shortest repeating delay (STACK.md). */
  const advance = (ms: number) => {
    for (let left = ms; left > 0; left -= Math.min(left, 1_000)) clock.increment(Math.min(left, 1_000));
  };
  const shown = () => actor.getSnapshot().matches({ session: { signedIn: { notice: 'shown' } } });
  return { actor, clock, spies, answer, advance, shown };
}

describe('service poll: timing', () => {
  it('does nothing while signed out', () => {
    const { spies, advance } = start();
    advance(5 * SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).not.toHaveBeenCalled();
  });

  it('polls exactly 20 000 ms after sign-in (not at 19 999), then 20 000 ms after each answer', async () => {
    const { actor, clock, spies, answer } = start();
    actor.send({ type: 'session.signedIn' });
    clock.increment(SERVICE_POLL_MS - 1);
    expect(spies.getUnreadMessage).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await answer('unread', unread(null));
    clock.increment(SERVICE_POLL_MS - 1);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(2);
  });

  it('never has two requests in flight: a slow answer delays the next poll', async () => {
    const { actor, clock, spies, answer, advance } = start();
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
    advance(3 * SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
    await answer('unread', unread(null));
    clock.increment(SERVICE_POLL_MS - 1);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(2);
  });

  it('keeps polling after a failed call', async () => {
    const { actor, spies, answer, advance } = start();
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    await answer('unread', NETWORK);
    advance(SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(2);
  });

  it('pauses while the page is hidden and polls at once on return', async () => {
    const { actor, clock, spies, answer, advance } = start();
    actor.send({ type: 'session.signedIn' });
    advance(10_000);
    actor.send({ type: 'page.hidden' });
    advance(5 * SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).not.toHaveBeenCalled();
    actor.send({ type: 'page.visible', path: '/' });
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
    await answer('unread', unread(null));
    clock.increment(SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(2);
  });

  it('an answer that arrives while hidden waits for the return', async () => {
    const { actor, spies, answer, advance } = start();
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    actor.send({ type: 'page.hidden' });
    await answer('unread', unread(null));
    expect(actor.getSnapshot().matches({ session: { signedIn: { poll: 'paused' } } })).toBe(true);
    advance(3 * SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
    actor.send({ type: 'page.visible', path: '/' });
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(2);
  });

  it('a new message answered while hidden still notifies, and the poll waits for the return', async () => {
    const { actor, spies, answer, advance, shown } = start();
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    actor.send({ type: 'page.hidden' });
    await answer('unread', unread({ id: 3, content: 'c' }));
    expect(spies.persistSeenId.mock.calls).toEqual([['3']]);
    expect(shown()).toBe(true);
    expect(actor.getSnapshot().matches({ session: { signedIn: { poll: 'paused' } } })).toBe(true);
    advance(3 * SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
  });

  it('signing in while the page is hidden starts paused', () => {
    const { actor, spies, advance } = start();
    actor.send({ type: 'page.hidden' });
    actor.send({ type: 'session.signedIn' });
    advance(3 * SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).not.toHaveBeenCalled();
  });

  it('stops on sign-out, dropping the call in flight', async () => {
    const { actor, spies, advance } = start();
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    actor.send({ type: 'session.signedOut' });
    expect(spies.aborted).toHaveBeenCalledWith('unread');
    advance(5 * SERVICE_POLL_MS);
    expect(spies.getUnreadMessage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ session: 'signedOut' })).toBe(true);
  });
});

describe('service poll: new messages and the 客服消息 banner', () => {
  it('a new id notifies once: stored as serviceID, banner shown with the text', async () => {
    const { actor, spies, answer, advance, shown } = start();
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    await answer('unread', unread({ id: 7, content: '欢迎来到乐玩游戏盒！' }));
    expect(spies.persistSeenId.mock.calls).toEqual([['7']]);
    expect(shown()).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ lastSeenId: '7', notice: { id: '7', content: '欢迎来到乐玩游戏盒！' }, pageHidden: false });
    // The same message on the next poll is not news.
    advance(SERVICE_POLL_MS);
    await answer('unread', unread({ id: 7, content: '欢迎来到乐玩游戏盒！' }));
    expect(spies.persistSeenId).toHaveBeenCalledTimes(1);
  });

  it('the id stored from an earlier visit is not news either', async () => {
    const { actor, spies, answer, advance, shown } = start('7');
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    await answer('unread', unread({ id: '7', content: 'old' }));
    expect(shown()).toBe(false);
    expect(spies.persistSeenId).not.toHaveBeenCalled();
  });

  it('the banner hides itself after exactly 5 000 ms', async () => {
    const { actor, clock, answer, advance, shown } = start();
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    await answer('unread', unread({ id: 1, content: 'a' }));
    clock.increment(SERVICE_NOTICE_MS - 1);
    expect(shown()).toBe(true);
    clock.increment(1);
    expect(shown()).toBe(false);
    expect(actor.getSnapshot().context.notice).toEqual({ id: '1', content: 'a' });
  });

  it('tapping the banner opens /service; dismissing just hides it', async () => {
    const { actor, spies, answer, advance, shown } = start();
    actor.send({ type: 'session.signedIn' });
    advance(SERVICE_POLL_MS);
    await answer('unread', unread({ id: 1, content: 'a' }));
    actor.send({ type: 'ui.notice.open' });
    expect(shown()).toBe(false);
    expect(spies.openServicePage).toHaveBeenCalledTimes(1);
    advance(SERVICE_POLL_MS);
    await answer('unread', unread({ id: 2, content: 'b' }));
    actor.send({ type: 'ui.notice.dismiss' });
    expect(shown()).toBe(false);
    expect(spies.openServicePage).toHaveBeenCalledTimes(1);
  });

  it('ignores answers without a usable message', async () => {
    const { actor, spies, answer, advance, shown } = start();
    actor.send({ type: 'session.signedIn' });
    for (const outcome of [unread(null), NETWORK, classifyResponse({ code: 1, msg: '', data: { id: '', content: 'x' } }), classifyResponse({ code: 1, msg: '', data: { id: 3 } })]) {
      advance(SERVICE_POLL_MS);
      await answer('unread', outcome as UnreadMessageOutcome);
    }
    expect(shown()).toBe(false);
    expect(spies.persistSeenId).not.toHaveBeenCalled();
  });
});

describe('service poll: offline check on return to /service (SPEC §4, §9)', () => {
  it.each([
    ['offline', 1],
    ['online', 0],
  ] as const)('returning to /service checks at exactly 2 000 ms; %s → %i reloads', async (answerStatus, reloads) => {
    const { actor, clock, spies, answer } = start();
    actor.send({ type: 'session.signedIn' });
    actor.send({ type: 'page.hidden' });
    actor.send({ type: 'page.visible', path: '/service' });
    clock.increment(SERVICE_OFFLINE_CHECK_MS - 1);
    expect(spies.getServiceStatus).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.getServiceStatus).toHaveBeenCalledTimes(1);
    await answer('status', status(answerStatus));
    expect(spies.reloadPage).toHaveBeenCalledTimes(reloads);
  });

  it('returning elsewhere does not check; leaving again within 2 s cancels the check', () => {
    const { actor, spies, advance } = start();
    actor.send({ type: 'session.signedIn' });
    actor.send({ type: 'page.hidden' });
    actor.send({ type: 'page.visible', path: '/mine' });
    advance(SERVICE_OFFLINE_CHECK_MS * 2);
    actor.send({ type: 'page.hidden' });
    actor.send({ type: 'page.visible', path: '/service/' });
    advance(SERVICE_OFFLINE_CHECK_MS - 1);
    actor.send({ type: 'page.hidden' });
    advance(SERVICE_OFFLINE_CHECK_MS * 2);
    expect(spies.getServiceStatus).not.toHaveBeenCalled();
  });

  it('a failed status check reloads nothing', async () => {
    const { actor, spies, answer, advance } = start();
    actor.send({ type: 'session.signedIn' });
    actor.send({ type: 'page.hidden' });
    actor.send({ type: 'page.visible', path: '/service' });
    advance(SERVICE_OFFLINE_CHECK_MS);
    expect(spies.getServiceStatus).toHaveBeenCalledTimes(1);
    await answer('status', { kind: 'error', reason: 'timeout', code: null, msg: '请求超时，请检查网络' });
    expect(spies.reloadPage).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ session: { signedIn: { offlineCheck: 'idle' } } })).toBe(true);
  });
});

describe('service poll helpers', () => {
  it('newNotice and isServicePath', () => {
    expect(newNotice(unread({ id: 5, content: 'x' }), null)).toEqual({ id: '5', content: 'x' });
    expect(newNotice(unread({ id: 5, content: 'x' }), '5')).toBeNull();
    expect(newNotice(NETWORK, null)).toBeNull();
    expect(isServicePath('/service')).toBe(true);
    expect(isServicePath('/service/')).toBe(true);
    expect(isServicePath('/servicex')).toBe(false);
  });
});
