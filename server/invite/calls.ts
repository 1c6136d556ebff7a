import * as calls from '../../api/protocol/calls/invite.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { iso, pageAnswer, pageOf } from '../catalog/index.ts';
import { bindInvitee, bindWindowEnd, ensureInviteCode, incomeTotals, inviteRules, inviterOf, maskedPhone, sharePath } from '../invite/invites.ts';
import { balanceOf, player } from '../money/ledger.ts';
import { INCOME } from '../rewards/index.ts';

/** Invitations and invitation income: server/invite/invites.ts holds the rules. */
export const inviteCalls = defineCalls(
  handle(calls.getInviteInfo, async ({ db, user, now }) => {
    const me = user;
    const [code, rules, totals, balance, inviter, created] = await Promise.all([
      ensureInviteCode(db, me.id, now),
      inviteRules(db),
      incomeTotals(db, me.id),
      balanceOf(db, player(me.id, INCOME)),
      inviterOf(db, me.id),
      db.selectFrom('users').select('created_at').where('id', '=', me.id).executeTakeFirstOrThrow(),
    ]);
    const windowEnd = bindWindowEnd(created.created_at, rules);
    return ok<calls.InviteInfo>({
      code,
      share_path: sharePath(code),
      invited_count: totals.invited,
      income_total_cents: totals.earned,
      income_balance_cents: balance,
      debt_cents: totals.debt,
      rules,
      inviter,
      can_bind_until: inviter === null && now < windowEnd ? iso(windowEnd) : null,
    });
  }),
  handle(calls.getInviteInfoList, async ({ db, user, input }) => {
    const page = pageOf(input);
    const base = db.selectFrom('invite_bindings as b').where('b.inviter_id', '=', user.id);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('users as u', 'u.id', 'b.invitee_id')
        .select((eb) => [
          'b.id',
          'u.nickname',
          'u.phone',
          'b.bound_at',
          'b.share_until',
          eb
            .selectFrom('invite_income as i')
            .select((e) => e.fn.coalesce(e.fn.sum<number>('i.amount_cents'), e.lit(0)).as('s'))
            .whereRef('i.binding_id', '=', 'b.id')
            .where('i.status', '=', 'credited')
            .as('income_cents'),
        ])
        .orderBy('b.bound_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const list: calls.Invitee[] = rows.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      phone: maskedPhone(r.phone),
      bound_at: iso(r.bound_at),
      share_until: iso(r.share_until),
      income_cents: Number(r.income_cents ?? 0),
    }));
    return ok(pageAnswer(page, list, Number(total.n)));
  }),
  handle(calls.downLineOrder, async ({ db, user, input }) => {
    const page = pageOf(input);
    const base = db.selectFrom('invite_income as i').where('i.inviter_id', '=', user.id);
    const [rows, total, balance] = await Promise.all([
      base
        .innerJoin('users as u', 'u.id', 'i.invitee_id')
        .select([
          'i.id',
          'u.nickname',
          'u.phone',
          'i.order_number',
          'i.base_cents',
          'i.share_bp',
          'i.amount_cents',
          'i.credited_cents',
          'i.netted_cents',
          'i.status',
          'i.created_at',
          'i.clawed_back_at',
        ])
        .orderBy('i.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      balanceOf(db, player(user.id, INCOME)),
    ]);
    const list: calls.IncomeRecord[] = rows.map((r) => ({
      id: r.id,
      invitee_nickname: r.nickname,
      invitee_phone: maskedPhone(r.phone),
      order_number: r.order_number,
      order_cents: r.base_cents,
      share_bp: r.share_bp,
      amount_cents: r.amount_cents,
      credited_cents: r.credited_cents,
      netted_cents: r.netted_cents,
      status: r.status,
      created_at: iso(r.created_at),
      clawed_back_at: r.clawed_back_at ? iso(r.clawed_back_at) : null,
    }));
    return ok({ ...pageAnswer(page, list, Number(total.n)), income_balance_cents: balance });
  }),
  handle(calls.bindInviteCode, async ({ db, user, input, now, config }) => {
    const me = await db.selectFrom('users').select(['id', 'phone', 'created_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    const rules = await inviteRules(db);
    if (now >= bindWindowEnd(me.created_at, rules)) return refuse(calls.INVITE_MSG.windowClosed);
    const outcome = await bindInvitee(db, { inviteeId: me.id, phone: me.phone, code: input.invite_code, via: 'code', secret: config.realName.secret }, now);
    return outcome.ok ? ok({ inviter: outcome.inviter }, calls.INVITE_MSG.bound) : refuse(outcome.msg);
  }),
);
