import type { WithdrawInfo } from '../../../api/protocol/calls/withdraw.ts';
import type { WithdrawSource } from '../../../api/protocol/withdraw-rules.ts';

/** What the chosen source holds to withdraw. */
export function availableOf(info: WithdrawInfo, source: WithdrawSource): number {
  return source === 'income' ? info.income_cents : info.wallet_withdrawable_cents;
}
