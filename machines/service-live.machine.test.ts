import { describe, expect, it } from 'vitest';
import { createLiveHarness, messageOf, POLLS, queueOf, TICKETS } from '../model-tests/service-live.kit.ts';
import { LIVE_POLL_MS, retryDelay, STREAM_OPEN_TIMEOUT_MS, STREAM_RETRY_BASE_MS, STREAM_RETRY_MAX_MS } from './service-live.constants.ts';

/** Starts the machine and brings it live on a stream, the chat showing message `cursor`. */
async function live(cursor = 10) {
  const kit = createLiveHarness();
  kit.actor.start();
  kit.actor.send({ type: 'chat.synced', lastMessageId: cursor });
  await kit.calls.resolve('getStreamTicket', TICKETS.online);
  kit.currentStream()!.send({ type: 'stream.open' });
  return kit;
}

describe('the /service connection machine', () => {
  it('waits for the chat, then asks a ticket and opens the stream after the newest message shown', async () => {
    const kit = createLiveHarness();
    kit.actor.start();
    expect(kit.actor.getSnapshot().value).toBe('idle');
    expect(kit.calls.calls).toEqual([]);
    kit.actor.send({ type: 'chat.synced', lastMessageId: 10 });
    expect(kit.actor.getSnapshot().value).toBe('connecting');
    expect(kit.actor.getSnapshot().hasTag('busy')).toBe(true);
    await kit.calls.resolve('getStreamTicket', TICKETS.online);
    expect(kit.actor.getSnapshot().value).toEqual({ live: 'opening' });
    expect(kit.currentStream()!.input).toMatchObject({ url: '/api/service/stream?ticket=t', lastEventId: 10 });
    kit.currentStream()!.send({ type: 'stream.open' });
    expect(kit.actor.getSnapshot().value).toEqual({ live: 'open' });
    expect(kit.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('hands pushed messages to the chat at once and keeps the queue the stream reports', async () => {
    const kit = await live();
    const stream = kit.currentStream()!;
    stream.send({ type: 'stream.queue', id: 10, queue: queueOf() });
    expect(kit.actor.getSnapshot().context.queue).toEqual(queueOf());
    stream.send({ type: 'stream.message', id: 11, message: messageOf(11) });
    stream.send({ type: 'stream.queue', id: 11, queue: queueOf({ state: 'open', position: null, agent: '客服007', text: '客服007为您服务' }) });
    expect(kit.effects).toEqual(['deliver 11']);
    expect(kit.delivered).toEqual([messageOf(11)]);
    expect(kit.actor.getSnapshot().context).toMatchObject({ cursor: 11, queue: { state: 'open', text: '客服007为您服务' } });
    stream.send({ type: 'stream.closed', id: 11, queue: queueOf({ state: 'closed', position: null, agent: '客服007', text: '已结束' }) });
    expect(kit.actor.getSnapshot().context.queue?.text).toBe('已结束');
    // The chat's own answers say where the player stands too (a send opens a queued conversation).
    kit.actor.send({ type: 'chat.queue', queue: queueOf({ position: 5, text: '排队中 第5位' }) });
    expect(kit.actor.getSnapshot().context.queue?.position).toBe(5);
    // An older cursor from the chat never moves it back.
    kit.actor.send({ type: 'chat.synced', lastMessageId: 9 });
    expect(kit.actor.getSnapshot().context.cursor).toBe(11);
    expect(kit.actor.getSnapshot().value).toEqual({ live: 'open' });
  });

  it('a failed stream falls back: it closes, polls at once and then every 20 s, and retries after 2 s, 4 s, 8 s … 30 s', async () => {
    const kit = await live();
    const first = kit.currentStream()!;
    first.send({ type: 'stream.message', id: 12, message: messageOf(12) });
    first.send({ type: 'stream.error' });
    expect(first.stopped).toBe(true);
    expect(kit.actor.getSnapshot().value).toEqual({ fallback: 'fetching' });
    expect(kit.actor.getSnapshot().context.attempt).toBe(1);
    await kit.calls.resolve('getQueue', POLLS.same);
    // Retry 1 after exactly 2 s.
    kit.advance(STREAM_RETRY_BASE_MS - 1, 1);
    expect(kit.actor.getSnapshot().value).toEqual({ fallback: 'waiting' });
    kit.advance(1, 1);
    expect(kit.actor.getSnapshot().value).toBe('connecting');
    // Each failure in a row doubles the wait, up to 30 s: the ticket fails, then the stream never opens.
    const waits: number[] = [];
    for (let failure = 2; failure <= 6; failure++) {
      if (failure % 2 === 0) await kit.calls.reject('getStreamTicket', new Error('offline'));
      else {
        await kit.calls.resolve('getStreamTicket', TICKETS.online);
        kit.advance(STREAM_OPEN_TIMEOUT_MS);
      }
      expect(kit.actor.getSnapshot().matches('fallback')).toBe(true);
      expect(kit.actor.getSnapshot().context.attempt).toBe(failure);
      if (kit.calls.isPending('getQueue')) await kit.calls.resolve('getQueue', POLLS.same);
      const before = kit.clock.now();
      while (!kit.actor.getSnapshot().matches('connecting')) {
        kit.advance(500, 500);
        if (kit.calls.isPending('getQueue')) await kit.calls.resolve('getQueue', POLLS.same);
      }
      waits.push(kit.clock.now() - before);
    }
    expect(waits).toEqual([4_000, 8_000, 16_000, 30_000, 30_000]);
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(retryDelay(1_000)).toBe(STREAM_RETRY_MAX_MS);
    // It finally opens, after the last message it had: nothing is skipped.
    await kit.calls.resolve('getStreamTicket', TICKETS.online);
    expect(kit.currentStream()!.input.lastEventId).toBe(12);
    kit.currentStream()!.send({ type: 'stream.open' });
    expect(kit.actor.getSnapshot().context.attempt).toBe(0);
  });

  it('while falling back, polls every 20 s exactly and refreshes the chat only when the server holds a newer message', async () => {
    // Without retries in the way (no EventSource), the poll's rhythm alone.
    const kit = createLiveHarness({ streamSupported: false });
    kit.actor.start();
    kit.actor.send({ type: 'chat.synced', lastMessageId: 10 });
    await kit.calls.resolve('getQueue', POLLS.same);
    expect(kit.effects).toEqual([]);
    expect(kit.actor.getSnapshot().context.queue).toEqual(POLLS.same.data);
    kit.advance(LIVE_POLL_MS - 1, 1_000);
    expect(kit.calls.isPending('getQueue')).toBe(false);
    kit.advance(1, 1);
    expect(kit.calls.isPending('getQueue')).toBe(true);
    // One request at most: a slow answer delays the next poll, which counts from the answer.
    kit.advance(LIVE_POLL_MS, 1_000);
    expect(kit.calls.calls).toHaveLength(2);
    await kit.calls.resolve('getQueue', POLLS.newer);
    expect(kit.effects).toEqual(['refresh chat']);
    // The chat reloads and says so: the same answer again asks no refresh.
    kit.actor.send({ type: 'chat.synced', lastMessageId: 12 });
    expect(kit.actor.getSnapshot().context.cursor).toBe(12);
    kit.advance(LIVE_POLL_MS, 1_000);
    await kit.calls.resolve('getQueue', POLLS.newer);
    expect(kit.effects).toEqual(['refresh chat']);
    // A failed poll waits 20 s like any other.
    kit.advance(LIVE_POLL_MS, 1_000);
    await kit.calls.reject('getQueue', new Error('network'));
    expect(kit.actor.getSnapshot().value).toEqual({ fallback: 'waiting' });
  });

  it('off hours: no stream; polls every 20 s until the service is back, then connects', async () => {
    const kit = createLiveHarness();
    kit.actor.start();
    kit.actor.send({ type: 'chat.synced', lastMessageId: 3 });
    await kit.calls.resolve('getStreamTicket', TICKETS.offline);
    expect(kit.actor.getSnapshot().value).toEqual({ offline: 'waiting' });
    expect(kit.streams).toEqual([]);
    kit.advance(LIVE_POLL_MS - 1, 1_000);
    expect(kit.calls.isPending('getQueue')).toBe(false);
    kit.advance(1, 1);
    await kit.calls.resolve('getQueue', POLLS.offline);
    expect(kit.actor.getSnapshot().value).toEqual({ offline: 'waiting' });
    kit.advance(LIVE_POLL_MS);
    await kit.calls.resolve('getQueue', POLLS.same);
    expect(kit.actor.getSnapshot().value).toBe('connecting');
  });

  it('a fallback poll that finds the service off hours goes offline (no more stream retries)', async () => {
    const kit = await live();
    kit.currentStream()!.send({ type: 'stream.error' });
    await kit.calls.resolve('getQueue', POLLS.offline);
    expect(kit.actor.getSnapshot().value).toEqual({ offline: 'waiting' });
    kit.advance(STREAM_RETRY_MAX_MS);
    expect(kit.calls.isPending('getStreamTicket')).toBe(false);
  });

  it('without EventSource it only polls, and never asks a ticket', async () => {
    const kit = createLiveHarness({ streamSupported: false });
    kit.actor.start();
    kit.actor.send({ type: 'chat.synced', lastMessageId: null });
    expect(kit.actor.getSnapshot().value).toEqual({ fallback: 'fetching' });
    await kit.calls.resolve('getQueue', POLLS.newer);
    expect(kit.effects).toEqual(['refresh chat']);
    for (let poll = 0; poll < 3; poll++) {
      kit.advance(LIVE_POLL_MS, 1_000);
      await kit.calls.resolve('getQueue', POLLS.same);
    }
    expect(kit.calls.calls.map((call) => call.id)).toEqual(['getQueue', 'getQueue', 'getQueue', 'getQueue']);
    // Back online from off hours, it still polls.
    await kit.actor.send({ type: 'service.offline' });
    expect(kit.actor.getSnapshot().matches('offline')).toBe(true);
    kit.actor.send({ type: 'service.online' });
    expect(kit.actor.getSnapshot().matches('fallback')).toBe(true);
  });

  it('a stream that never opens counts as failed after 10 s; a refused ticket falls back too', async () => {
    const kit = createLiveHarness();
    kit.actor.start();
    kit.actor.send({ type: 'chat.synced', lastMessageId: 1 });
    await kit.calls.resolve('getStreamTicket', TICKETS.online);
    kit.advance(STREAM_OPEN_TIMEOUT_MS - 1, 1);
    expect(kit.actor.getSnapshot().value).toEqual({ live: 'opening' });
    kit.advance(1, 1);
    expect(kit.actor.getSnapshot().value).toEqual({ fallback: 'fetching' });
    expect(kit.streams[0]!.stopped).toBe(true);
    const refused = createLiveHarness();
    refused.actor.start();
    refused.actor.send({ type: 'chat.synced', lastMessageId: 1 });
    await refused.calls.resolve('getStreamTicket', TICKETS.refused);
    expect(refused.actor.getSnapshot().matches('fallback')).toBe(true);
    expect(refused.actor.getSnapshot().context.attempt).toBe(1);
  });

  it('stopping the machine closes the stream', async () => {
    const kit = await live();
    kit.actor.stop();
    expect(kit.currentStream()!.stopped).toBe(true);
  });
});
