import type { ApiOutcome } from '../api/outcome.ts';
import type { AccountSendCodeInput } from './account-security.types.ts';
import type { SendCodeInput } from './login-overlay.types.ts';

/** sendCode's payload as each form asks for it (the login kinds, the account kinds, the cancellation's type 5). */
export type ResendRequest = SendCodeInput | AccountSendCodeInput | { type: '5' };

/** Where the resend button is: tappable, waiting on the server, or counting down. */
export type ResendPhase = 'ready' | 'sending' | 'counting';

export interface ResendCodeInput {
  /** Start counting at once: the first code was sent by the form before this child ran (the login's panel 1). */
  counting?: boolean;
}

export interface ResendCodeContext {
  /** Seconds before another code may be sent; 0 when not counting. */
  count: number;
}

/** What the parent sends: send this request now (taken only while ready). */
export type ResendCodeEvent = { type: 'resend.send'; request: ResendRequest };

/**
 * What the child tells its parent: every phase and count change (the parent keeps them for its
 * views and its `can`), the accepted send's outcome, and the failures it has words for.
 */
export type ResendCodeReply =
  | { type: 'resend.changed'; phase: ResendPhase; count: number }
  | { type: 'resend.sent'; outcome: ApiOutcome }
  | { type: 'resend.failed'; outcome: ApiOutcome };
