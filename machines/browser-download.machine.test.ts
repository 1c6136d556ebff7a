import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { browserDownloadMachine, type DownloadAddress } from './browser-download.machine.ts';
import { eventually } from '../tests/helpers/eventually.ts';

function run(outcome: ApiOutcome<DownloadAddress> | Error, isH5 = false) {
  const spies = { openH5: vi.fn(), startBrowserDownload: vi.fn(), showToast: vi.fn() };
  const actor = createActor(
    browserDownloadMachine.provide({
      actions: {
        openH5: (_, p) => spies.openH5(p),
        startBrowserDownload: (_, p) => spies.startBrowserDownload(p),
        showToast: (_, p) => spies.showToast(p),
      },
      actors: { lookUpAddress: fromPromise(async () => (outcome instanceof Error ? Promise.reject(outcome) : outcome)) },
    }),
    { input: { platformGameId: 7, gameId: 3, isH5 } },
  ).start();
  actor.send({ type: 'ui.download' });
  return { actor, spies };
}

describe('browserDownload', () => {
  it('hands the looked-up address to the browser', async () => {
    const { actor, spies } = run({ kind: 'ok', code: 1, msg: '', data: { url: '/down/game/7/x.apk' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await eventually(() => expect(spies.startBrowserDownload).toHaveBeenCalledWith({ url: '/down/game/7/x.apk', platformGameId: 7, gameId: 3 }));
    expect(actor.getSnapshot().value).toBe('idle');
  });
  it.each([
    ['a refusal', { kind: 'toast', code: -1, msg: '下载地址异常，请联系客服', data: null, show: true } as unknown as ApiOutcome<DownloadAddress>],
    ['an answer without url', { kind: 'ok', code: 1, msg: '', data: { url: '' } } as ApiOutcome<DownloadAddress>],
    ['a network error', { kind: 'error', reason: 'network', code: null, msg: 'x' } as ApiOutcome<DownloadAddress>],
    ['a thrown call', new Error('boom')],
  ])('shows the 3 s address toast after %s', async (_name, outcome) => {
    const { actor, spies } = run(outcome);
    await eventually(() => expect(spies.showToast).toHaveBeenCalledWith({ message: '下载地址异常，请联系客服', durationMs: 3000 }));
    expect(spies.startBrowserDownload).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('idle');
  });
  it('opens H5 games in the page without a lookup', () => {
    const { actor, spies } = run(new Error('not called'), true);
    expect(spies.openH5).toHaveBeenCalledWith({ platformGameId: 7, gameId: 3 });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
