import { fromCallback } from 'xstate';
import { decodeStreamEvent, STREAM_EVENT_NAMES } from '../api/protocol/service-chat.ts';
import type { ServiceLiveEvent, StreamInput } from './service-live.types.ts';

/** What the stream actor needs of the browser's EventSource (a fake in tests). */
export interface EventSourceLike {
  onopen: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  addEventListener(type: string, listener: (event: { data?: unknown; lastEventId?: unknown }) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

/** The stream's address: the ticket's url (against the api base), with the cursor to resume after. */
export function streamAddress(input: StreamInput, base: string): string {
  const url = new URL(input.url, base);
  if (input.lastEventId !== null) url.searchParams.set('last_event_id', String(input.lastEventId));
  return url.toString();
}

/**
 * The actor that owns the EventSource of /service (invoked by serviceLive in `live`). Every
 * event is checked by the protocol's decoder before the machine sees it; one that does not
 * decode ends the stream like a failure (the machine falls back to polling, which reloads the
 * chat, so nothing is lost). The browser's own reconnection is never used: a ticket opens one
 * stream, so on any error the source is closed and `stream.error` sent (the machine asks a new
 * ticket). Stopping the actor closes the source.
 */
export function createStreamActor(open: EventSourceFactory, base: string) {
  return fromCallback<ServiceLiveEvent, StreamInput>(({ input, sendBack }) => {
    let closed = false;
    const source = open(streamAddress(input, base));
    const fail = () => {
      if (closed) return;
      closed = true;
      source.close();
      sendBack({ type: 'stream.error' });
    };
    source.onopen = () => {
      if (!closed) sendBack({ type: 'stream.open' });
    };
    source.onerror = fail;
    for (const name of STREAM_EVENT_NAMES) {
      source.addEventListener(name, (raw) => {
        if (closed) return;
        const event = decodeStreamEvent(name, raw?.data, raw?.lastEventId);
        if (!event) return fail();
        if (event.type === 'message') sendBack({ type: 'stream.message', id: event.id, message: event.message });
        else sendBack({ type: event.type === 'queue' ? 'stream.queue' : 'stream.closed', id: event.id, queue: event.queue });
      });
    }
    return () => {
      closed = true;
      source.close();
    };
  });
}
