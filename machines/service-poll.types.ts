import type { ApiOutcome } from '../api/outcome.ts';

/** getUnreadMessage's data (SPEC §3 "data.content, data.id (customer-service message)"). */
export interface UnreadMessage {
  id: number | string;
  content: string;
}

/** PROTOCOL §7: the service status check answers 'online' or 'offline'. */
export type ServiceStatus = 'online' | 'offline';

export type UnreadMessageOutcome = ApiOutcome<UnreadMessage | null>;
export type ServiceStatusOutcome = ApiOutcome<ServiceStatus | null>;

/** The message the '客服消息' notification shows; ids are compared as strings (serviceID). */
export interface ServiceNotice {
  id: string;
  content: string;
}

export interface ServicePollInput {
  /** The last message id already notified, from storage 'serviceID'; null when none. */
  lastSeenId: string | null;
}

export interface ServicePollContext {
  lastSeenId: string | null;
  /** The latest notified message (the banner's text); kept after the banner hides. */
  notice: ServiceNotice | null;
  /** Mirrors the page region, for guards that weigh it together with a call's answer. */
  pageHidden: boolean;
}

/**
 * Every event the poll accepts, named by source: the session (via the runtime's subscription),
 * the page's visibility (with the path on return, for the /service offline check), the banner.
 * `notice.show` is raised by the machine itself when a poll brings a new message.
 */
export type ServicePollEvent =
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  | { type: 'page.hidden' }
  | { type: 'page.visible'; path: string }
  | { type: 'ui.notice.open' }
  | { type: 'ui.notice.dismiss' }
  | ({ type: 'notice.show' } & ServiceNotice);

export type ServicePollTag = 'busy';

export interface PersistSeenIdParams {
  id: string;
}
