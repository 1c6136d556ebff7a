import { assign, setup } from 'xstate';

/**
 * An H5 game session on /zaixianwan with a hard end: a minor's play window closes at the time the
 * server's grant names (startPlay `until` with `end_message`), and the game ends then without
 * waiting for a reload — the frame goes, the rule's text shows. The server decides the end
 * (holidays decide which days are play days); this machine only counts down to it.
 *
 * The countdown is one named delay, the time left from the wall-clock moment the view last told
 * (`play.grant` / `play.clock`). A timer in a page that slept (phone locked, tab hidden) fires
 * late, so the view tells the wall clock again when the page is shown, and the delay is re-armed
 * from there: the end is never later than the server's.
 */

/** The longest a countdown is armed for: a grant further out is not plausible, so it ends early rather than late. */
export const PLAY_SESSION_MAX_MS = 24 * 3_600_000;

export interface PlayEnd {
  /** When the session ends (ms since the epoch). */
  at: number;
  /** What the page shows once it has ended. */
  message: string;
}

export type PlaySessionEvent =
  /** A grant heard (a start or a refresh): its hard end, or null when it has none (an adult's). */
  | { type: 'play.grant'; end: PlayEnd | null; now: number }
  /** The wall clock now (the page is shown again after it may have slept). */
  | { type: 'play.clock'; now: number };

export interface PlaySessionContext {
  end: PlayEnd | null;
  /** The wall-clock time the view last told (ms). */
  now: number;
}

export const playSessionMachine = setup({
  types: {
    context: {} as PlaySessionContext,
    events: {} as PlaySessionEvent,
    tags: {} as 'ended',
  },
  actions: {
    takeGrant: assign((_, params: { end: PlayEnd | null; now: number }) => ({ end: params.end, now: params.now })),
    takeClock: assign((_, params: { now: number }) => ({ now: params.now })),
  },
  guards: {
    hasEnd: (_, params: { end: PlayEnd | null }) => params.end !== null,
    /** The wall clock told is at or past the end (21:00:00 is already closed). */
    pastEnd: (_, params: { end: PlayEnd | null; now: number }) => params.end !== null && params.now >= params.end.at,
  },
  delays: {
    untilSessionEnd: ({ context }) => Math.min(PLAY_SESSION_MAX_MS, Math.max(0, (context.end?.at ?? 0) - context.now)),
  },
}).createMachine({
  id: 'playSession',
  context: { end: null, now: 0 },
  initial: 'waiting',
  on: {
    'play.grant': [
      {
        guard: { type: 'pastEnd', params: ({ event }) => ({ end: event.end, now: event.now }) },
        target: '.ended',
        actions: { type: 'takeGrant', params: ({ event }) => ({ end: event.end, now: event.now }) },
      },
      {
        guard: { type: 'hasEnd', params: ({ event }) => ({ end: event.end }) },
        target: '.counting',
        reenter: true,
        actions: { type: 'takeGrant', params: ({ event }) => ({ end: event.end, now: event.now }) },
      },
      { target: '.open', actions: { type: 'takeGrant', params: ({ event }) => ({ end: null, now: event.now }) } },
    ],
  },
  states: {
    waiting: {
      description: 'No grant yet',
    },
    open: {
      description: 'Playing without a hard end (an adult: the ticket lives on with the heartbeat)',
    },
    counting: {
      description: 'Playing until the grant’s end',
      after: { untilSessionEnd: 'ended' },
      on: {
        'play.clock': [
          {
            guard: { type: 'pastEnd', params: ({ context, event }) => ({ end: context.end, now: event.now }) },
            target: 'ended',
            actions: { type: 'takeClock', params: ({ event }) => ({ now: event.now }) },
          },
          // Re-armed from the wall clock: the time left is counted again from now.
          { target: 'counting', reenter: true, actions: { type: 'takeClock', params: ({ event }) => ({ now: event.now }) } },
        ],
      },
    },
    ended: {
      description: 'The window closed: no frame, the rule’s text',
      tags: ['ended'],
    },
  },
});
