import * as calls from '../../api/protocol/calls/withdraw.ts';
import { WITHDRAW_MSG, type WithdrawSource } from '../../api/protocol/withdraw-rules.ts';
import { defineCalls, handle, ok, refuse, type SpecContext } from '../calls.ts';
import { pageAnswer, pageOf } from '../catalog/index.ts';
import { listForPlayer, submitWithdrawal, withdrawalView, withdrawInfo } from '../withdrawals/withdrawals.ts';

/**
 * Withdrawals, the players' side (api/protocol/calls/withdraw.ts): profitTixian (from 收益),
 * balanceTixian (from the withdrawable part of 余额), the form's facts and the records. A player
 * reads only their own requests. Staff review: server/withdrawals/staff-calls.ts.
 */

function submit(source: WithdrawSource) {
  return async ({ db, input, user, now, config }: Pick<SpecContext<typeof calls.profitTixian>, 'db' | 'input' | 'user' | 'now' | 'config'>) => {
    const result = await submitWithdrawal(db, user.id, source, input, now, config.realName.secret);
    if (!result.ok) return refuse(result.message);
    return ok({ withdrawal: withdrawalView(result.value.row), created: result.value.created }, WITHDRAW_MSG.submitted);
  };
}

export const withdrawalCalls = defineCalls(
  handle(calls.profitTixian, submit('income')),
  handle(calls.balanceTixian, submit('wallet')),
  handle(calls.getWithdrawInfo, async ({ db, user, now }) => ok(await withdrawInfo(db, user.id, now))),
  handle(calls.getWithdrawList, async ({ db, input, user }) => {
    const page = pageOf(input);
    const { list, total } = await listForPlayer(db, user.id, page.page, page.limit);
    return ok(pageAnswer(page, list, total));
  }),
);
