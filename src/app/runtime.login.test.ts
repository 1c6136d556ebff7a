import { describe, expect, it, vi } from 'vitest';
import { createRuntime } from './runtime.ts';

describe('runtime: the login feature loads after start', () => {
  it('an openLogin before the chunk is there opens the overlay at panel 1 once it is; closing it forgets the pending move', async () => {
    window.history.replaceState(null, '', '/mine');
    const runtime = createRuntime({ storage: window.localStorage, reload: vi.fn(), navigate: vi.fn(), toast: vi.fn(), host: {} });
    expect(runtime.loginOverlay.current()).toBeUndefined();

    // A protected move: the guard cancels it and asks for the popup before the overlay exists.
    runtime.navigate('/service');
    expect(runtime.navigation.getSnapshot().value).toBe('awaitingLogin');
    const overlay = await runtime.loginOverlay.ready;
    await Promise.resolve();
    expect(overlay.getSnapshot().matches({ open: 'sms' })).toBe(true);

    // The event log saw the overlay from its start.
    await runtime.eventLog.ready;
    const types = runtime.eventLog.entries().filter((entry) => entry.actor === 'loginOverlay').map((entry) => entry.event.type);
    expect(types.slice(0, 2)).toEqual(['xstate.init', 'ui.open']);

    overlay.send({ type: 'ui.close' });
    await Promise.resolve();
    expect(runtime.navigation.getSnapshot().value).toBe('ready');
    expect(runtime.navigation.getSnapshot().context.pending).toBeNull();

    // Once there, openLogin opens it at once.
    runtime.openLogin();
    expect(overlay.getSnapshot().matches({ open: 'sms' })).toBe(true);
  });
});
