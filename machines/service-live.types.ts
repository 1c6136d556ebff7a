import type { ApiOutcome } from '../api/outcome.ts';
import type { ChatMessage, ServiceQueue, ServiceStatus } from '../api/protocol/service-chat.ts';

/** The /service page's connection: stream ticket, server-sent events, polling, off hours. */

/** getChatStreamTicket's data: url is null while the service is off hours. */
export interface StreamTicket {
  url: string | null;
  expires_in: number;
  status: ServiceStatus;
}

export type StreamTicketOutcome = ApiOutcome<StreamTicket>;
/** getWoliveQueue's answer (the poll while the stream is down). */
export type QueueOutcome = ApiOutcome<ServiceQueue>;

export interface ServiceLiveInput {
  /** False where the browser has no EventSource: the page polls and never tries the stream. */
  streamSupported: boolean;
}

export interface ServiceLiveContext {
  streamSupported: boolean;
  /** The newest message id the chat shows or the stream delivered: the stream resumes after it. */
  cursor: number | null;
  /** The player's queue as last heard (stream, poll, or the chat's answers). */
  queue: ServiceQueue | null;
  /** Stream failures in a row (the retry backoff); 0 once a stream opens. */
  attempt: number;
  /** Where the current ticket opens the stream. */
  streamUrl: string | null;
}

/** Where the stream actor sends what it hears: the machine that invoked it. */
export interface StreamReceiver {
  send(event: ServiceLiveEvent): void;
}

export interface StreamInput {
  url: string;
  lastEventId: number | null;
  receiver: StreamReceiver;
}

/**
 * Events by source: the chat (what it shows, what its answers said of the queue), the stream
 * actor (validated server-sent events, or its failure), and the machine's own poll answers
 * turned into the service's status.
 */
export type ServiceLiveEvent =
  | { type: 'chat.synced'; lastMessageId: number | null }
  | { type: 'chat.queue'; queue: ServiceQueue }
  | { type: 'stream.open' }
  | { type: 'stream.message'; id: number; message: ChatMessage }
  | { type: 'stream.queue'; id: number; queue: ServiceQueue }
  | { type: 'stream.closed'; id: number; queue: ServiceQueue }
  | { type: 'stream.error' }
  | { type: 'service.online' }
  | { type: 'service.offline' };

export type ServiceLiveTag = 'busy';

export interface DeliverParams {
  message: ChatMessage;
}
