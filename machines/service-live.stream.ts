import { fromPromise } from 'xstate';
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
export function streamAddress(input: Pick<StreamInput, 'url' | 'lastEventId'>, base: string): string {
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
 *
 * A callback actor in all but name: it is a promise actor that never settles while the stream
 * lives and sends to the machine that invoked it (`input.receiver`). xstate's fromCallback
 * would do the same, but the app uses it nowhere else and it lives in the module the entry
 * chunk already loads: importing it here added it to the players' entry (docs/decisions.md).
 */
export function createStreamActor(open: EventSourceFactory, base: string) {
  return fromPromise<void, StreamInput>(
    ({ input, signal }) =>
      new Promise<void>((resolve) => {
        let closed = false;
        const sendBack = (event: ServiceLiveEvent) => {
          if (!closed) input.receiver.send(event);
        };
        const source = open(streamAddress(input, base));
        const close = () => {
          closed = true;
          source.close();
        };
        const fail = () => {
          if (closed) return;
          sendBack({ type: 'stream.error' });
          close();
        };
        source.onopen = () => sendBack({ type: 'stream.open' });
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
        // Stopped (the machine left `live`, or the page went): close, and settle so nothing is kept.
        signal.addEventListener('abort', () => {
          close();
          resolve();
        });
      }),
  );
}
