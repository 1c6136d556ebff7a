import { describe, expect, it } from 'vitest';
import type { DeskStreamEvent } from '../../../../api/protocol/service-desk.ts';
import { connectDesk, DESK_POLL_MS, DESK_RETRY_MS, type DeskConnectionState, type EventSourceLike, type Timers } from './desk-connection.ts';

/** The desk's connection on a clock moved by hand: live on the stream, polling while it is down, the stream retried with its backoff. */

class ManualTimers implements Timers {
  now = 0;
  private next = 1;
  private readonly tasks = new Map<number, { at: number; every: number | null; run: () => void }>();
  setTimeout(run: () => void, ms: number) {
    const id = this.next++;
    this.tasks.set(id, { at: this.now + ms, every: null, run });
    return id;
  }
  setInterval(run: () => void, ms: number) {
    const id = this.next++;
    this.tasks.set(id, { at: this.now + ms, every: ms, run });
    return id;
  }
  clearTimeout(id: unknown) {
    this.tasks.delete(id as number);
  }
  clearInterval(id: unknown) {
    this.tasks.delete(id as number);
  }
  get pending() {
    return this.tasks.size;
  }
  /** Runs everything due up to now + ms, in time order. */
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.tasks.entries()].filter(([, task]) => task.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, task] = due;
      this.now = task.at;
      if (task.every === null) this.tasks.delete(id);
      else task.at += task.every;
      task.run();
    }
    this.now = end;
  }
}

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  send(name: string, data: string) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data }));
  }
}

function setUp(options: { noEventSource?: boolean } = {}) {
  const timers = new ManualTimers();
  const sources: FakeSource[] = [];
  const states: DeskConnectionState[] = [];
  const events: DeskStreamEvent[] = [];
  const resyncs: number[] = [];
  const connection = connectDesk({
    timers,
    createEventSource: options.noEventSource
      ? null
      : (url) => {
          const source = new FakeSource(url);
          sources.push(source);
          return source;
        },
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    resync: () => resyncs.push(timers.now),
  });
  return { timers, sources, states, events, resyncs, connection, latest: () => sources.at(-1)! };
}

describe('the desk connection', () => {
  it('opens the agents’ stream, resyncs on open and hands over the events it can read', () => {
    const { sources, states, events, resyncs, connection, latest } = setUp();
    expect(sources.map((s) => s.url)).toEqual(['/staff/api/service/stream']);
    expect(connection.state).toBe('connecting');
    latest().open();
    expect(states).toEqual(['live']);
    expect(resyncs).toEqual([0]);
    latest().send('conversation', JSON.stringify({ conversation_id: 3, user_id: 4, status: 'queued', agent_id: null, agent: null }));
    latest().send('conversation', '{"broken"');
    latest().send('message', JSON.stringify({ conversation_id: 3, user_id: 4, message: { id: 9, direction: 'in', kind: 'user', content: '你好', image: null, agent: null, created_at: '2026-03-02T02:00:00.000Z' } }));
    expect(events.map((e) => e.type)).toEqual(['conversation', 'message']);
  });

  it('on an error polls at once and every 10 s, retries the stream after 2, 5, 10, 30, 30 s, and goes live again when it opens', () => {
    const { timers, sources, states, resyncs, latest } = setUp();
    latest().open();
    resyncs.length = 0;
    latest().fail();
    expect(sources[0]!.closed).toBe(true);
    expect(states).toEqual(['live', 'polling']);
    expect(resyncs).toEqual([timers.now]);
    // Each retry fails too: the waits follow the backoff, and the 10 s poll goes on meanwhile.
    const opened: number[] = [];
    const waits = [...DESK_RETRY_MS, 30_000];
    let at = timers.now;
    for (const wait of waits) {
      timers.advance(wait);
      at += wait;
      expect(sources).toHaveLength(opened.length + 2);
      opened.push(at);
      latest().fail();
    }
    expect(opened).toEqual([2_000, 7_000, 17_000, 47_000, 77_000]);
    expect(resyncs.slice(0, 4)).toEqual([0, DESK_POLL_MS, 2 * DESK_POLL_MS, 3 * DESK_POLL_MS]);
    expect(states).toEqual(['live', 'polling']);
    // It opens: polling stops, one resync, live.
    timers.advance(30_000);
    latest().open();
    expect(states).toEqual(['live', 'polling', 'live']);
    const count = resyncs.length;
    timers.advance(5 * DESK_POLL_MS);
    expect(resyncs).toHaveLength(count);
    // A later failure starts the backoff from 2 s again.
    latest().fail();
    const before = sources.length;
    timers.advance(DESK_RETRY_MS[0]!);
    expect(sources).toHaveLength(before + 1);
  });

  it('events of a closed or replaced source are ignored', () => {
    const { sources, events, latest, timers } = setUp();
    latest().open();
    const first = latest();
    first.fail();
    timers.advance(DESK_RETRY_MS[0]!);
    first.send('conversation', JSON.stringify({ conversation_id: 3, user_id: 4, status: 'open', agent_id: 7, agent: '客服007' }));
    first.open();
    expect(events).toEqual([]);
    expect(sources).toHaveLength(2);
  });

  it('without EventSource it only polls', () => {
    const { timers, states, resyncs, connection } = setUp({ noEventSource: true });
    expect(states).toEqual(['polling']);
    expect(connection.state).toBe('polling');
    timers.advance(3 * DESK_POLL_MS);
    expect(resyncs).toEqual([0, DESK_POLL_MS, 2 * DESK_POLL_MS, 3 * DESK_POLL_MS]);
  });

  it('close ends the stream, the poll and the retry', () => {
    const { timers, latest, connection, resyncs, sources } = setUp();
    latest().open();
    latest().fail();
    expect(timers.pending).toBe(2);
    connection.close();
    expect(timers.pending).toBe(0);
    const count = resyncs.length;
    timers.advance(60_000);
    expect(resyncs).toHaveLength(count);
    expect(sources).toHaveLength(1);
  });
});
