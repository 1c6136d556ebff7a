import type { ApiOutcome } from '../api/outcome.ts';
import type { IdentityCard } from '../api/protocol/calls/real-name.ts';

export interface RealNameFormInput {
  /** China-time 'YYYY-MM-DD' the form checks birth dates against (a number born later is refused). */
  today: string;
}

export interface RealNameFormContext {
  today: string;
  realName: string;
  idCard: string;
  /** The refusal shown under the form (client check or server). */
  message: string | null;
  /** The masked card once verified. */
  card: IdentityCard | null;
}

export type RealNameFormEvent = { type: 'ui.name'; value: string } | { type: 'ui.idCard'; value: string } | { type: 'ui.submit' };

export interface RealNameAuthInput {
  real_name: string;
  id_card: string;
}

export type RealNameAuthOutcome = ApiOutcome<IdentityCard | null>;
