import { applyCancel, CANCEL_MSG, COOLING_OFF_DAYS, getCancelConditions, getCancelRule, getCancelStatus, revokeCancel } from '../../api/protocol/calls/account-cancel.ts';
import { cancellationView, checkConditions, effectiveAt, pendingCancellation } from '../cancellation.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { CANCEL_RULE_KEY } from '../db/seed-cancellation-content.ts';
import { maskPhone } from '../sms.ts';
import { checkCode } from '../verification-codes.ts';

export { CANCEL_MSG } from '../../api/protocol/calls/account-cancel.ts';

/** Postgres' unique_violation: a second pending request of the same account (partial unique index). */
const UNIQUE_VIOLATION = '23505';

export const accountCancelCalls = defineCalls(
  handle(getCancelRule, async ({ db }) => {
    const row = await db.selectFrom('site_content').select(['title', 'content']).where('key', '=', CANCEL_RULE_KEY).executeTakeFirst();
    if (!row) return refuse(CANCEL_MSG.noRule);
    return ok({ title: row.title, content: row.content, cooling_off_days: COOLING_OFF_DAYS });
  }),

  handle(getCancelConditions, async ({ db, user }) => {
    const conditions = await checkConditions(db, user.id);
    return ok({ conditions, all_passed: conditions.every((c) => c.passed), phone: maskPhone(user.phone) });
  }),

  handle(applyCancel, async ({ db, kv, user, input, now, log }) => {
    const me = user;
    if (await pendingCancellation(db, me.id)) return refuse(CANCEL_MSG.alreadyPending);
    // A quick look first, so a blocked account does not spend its code.
    if (!(await checkConditions(db, me.id)).every((c) => c.passed)) return refuse(CANCEL_MSG.conditionsUnmet);
    const check = await checkCode(kv, 'cancel', me.phone, input.phone_code, { consume: true });
    if (!check.ok) return refuse(check.msg);
    try {
      const answer = await db.transaction().execute(async (trx) => {
        // The account's row locked: nothing it owns changes between the check and the request.
        await trx.selectFrom('users').select('id').where('id', '=', me.id).forUpdate().executeTakeFirstOrThrow();
        const conditions = await checkConditions(trx, me.id);
        if (!conditions.every((c) => c.passed)) return refuse(CANCEL_MSG.conditionsUnmet, { conditions });
        const row = await trx
          .insertInto('cancellation_requests')
          .values({ user_id: me.id, status: 'pending', requested_at: now, effective_at: effectiveAt(now), resolved_at: null })
          .returning(['requested_at', 'effective_at'])
          .executeTakeFirstOrThrow();
        return ok(cancellationView(row), CANCEL_MSG.applied);
      });
      if (answer.code === 1) log.info({ user: me.uuid }, 'cancellation requested; cooling-off begins');
      return answer;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return refuse(CANCEL_MSG.alreadyPending);
      throw error;
    }
  }),

  handle(revokeCancel, async ({ db, user, now, log }) => {
    const row = await db
      .updateTable('cancellation_requests')
      .set({ status: 'revoked', resolved_at: now })
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!row) return refuse(CANCEL_MSG.notPending);
    log.info({ user: user.uuid }, 'cancellation revoked');
    return ok(null, CANCEL_MSG.revoked);
  }),

  handle(getCancelStatus, async ({ db, user }) => {
    const cancellation = await pendingCancellation(db, user.id);
    return ok({ status: cancellation ? ('pending' as const) : ('none' as const), cancellation });
  }),
);
