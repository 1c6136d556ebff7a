import * as calls from '../../api/protocol/calls/store.ts';
import { STORE_MSG, STORE_REFUSAL_MSG } from '../../api/protocol/store.ts';
import { defineCalls, handle, ok, refuse } from '../calls.ts';
import { pageAnswer, pageOf } from '../catalog/index.ts';
import { pointsOf, redeem, redeemRecords, storeItem, storeItems } from '../rewards/index.ts';

/** 积分商城: the rules are in server/rewards/store.ts. */
export const storeCalls = defineCalls(
  handle(calls.getStoreItems, async ({ db, user, now }) => {
    const [list, points] = await Promise.all([storeItems(db, user?.id ?? null, now), user ? pointsOf(db, user.id) : Promise.resolve(null)]);
    return ok({ points, list });
  }),

  handle(calls.getStoreItem, async ({ db, user, now, input }) => {
    const item = await storeItem(db, input.item_id, user?.id ?? null, now);
    if (!item) return refuse(STORE_MSG.missing, { reason: 'missing' });
    return ok({ points: user ? await pointsOf(db, user.id) : null, item });
  }),

  handle(calls.redeemStoreItem, async ({ db, user, now, input }) => {
    const result = await redeem(db, user.id, input.item_id, input.request_id, now);
    if (result.status === 'refused') return refuse(STORE_REFUSAL_MSG[result.reason], { reason: result.reason } satisfies calls.RedeemRefusalData);
    return ok({ record: result.record, points: result.points }, STORE_MSG.redeemed);
  }),

  handle(calls.getRedeemRecords, async ({ db, user, input }) => {
    const page = pageOf(input);
    const { list, total } = await redeemRecords(db, user.id, page);
    return ok(pageAnswer(page, list, total));
  }),
);
