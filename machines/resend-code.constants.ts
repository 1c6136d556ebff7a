import type { ResendPhase } from './resend-code.types.ts';

/** The phase a form shows before its first send. */
export const RESEND_IDLE_PHASE: ResendPhase = 'ready';
