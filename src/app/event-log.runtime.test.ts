import { describe, expect, it, vi } from 'vitest';
import { createRuntime } from './runtime.ts';

describe('runtime: the event log is registered before any actor starts', () => {
  it('holds the xstate.init of every root actor of the app', async () => {
    const runtime = createRuntime({ storage: window.localStorage, reload: vi.fn(), navigate: vi.fn(), toast: vi.fn(), host: {} });
    await runtime.eventLog.ready;
    const roots = runtime.eventLog.actors().filter((actor) => actor.parent === null);
    expect(roots.map((actor) => actor.name)).toContain('session');
    for (const root of roots) {
      const first = runtime.eventLog.entries().find((entry) => entry.actor === root.name);
      expect(first?.event.type, `${root.name}'s first entry`).toBe('xstate.init');
    }
    runtime.session.send({ type: 'session.activity' });
    expect(runtime.eventLog.entries().at(-1)).toMatchObject({ actor: 'session', source: null, event: { type: 'session.activity' }, state: 'anonymous' });
  });
});
