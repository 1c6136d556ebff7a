import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiClient } from './client.ts';
import * as calls from './protocol/call-refs.ts';
import * as storeCalls from './protocol/calls/store.ts';
import { request, type DataOf, type PayloadOf } from './typed-call.ts';

describe('request (typed call)', () => {
  it("sends the payload to the ref's path unchanged", async () => {
    const sent: unknown[][] = [];
    const client: ApiClient = {
      call: (async (...args: unknown[]) => {
        sent.push(args);
        return { kind: 'ok', code: 1, msg: '评价成功', data: null };
      }) as ApiClient['call'],
    };
    const payload = { game_id: 1, platform_game_id: '2', order_id: 'LW1', score: 5 };
    await expect(request(client, calls.rating.subEvaluate, payload)).resolves.toMatchObject({ kind: 'ok' });
    // No options given: none passed on, so a typed call is exactly the hand-written client.call(path, payload).
    expect(sent).toEqual([['/api/user/subEvaluate', payload]]);
    expect(sent[0]).toHaveLength(2);
  });

  it('types the payload and the answer from the declaration', () => {
    expectTypeOf<PayloadOf<typeof calls.rating.subEvaluate>>().toEqualTypeOf<{ score: number; order_id: string; game_id: number | string; platform_game_id: number | string }>();
    expectTypeOf<DataOf<typeof calls.rating.subEvaluate>>().toEqualTypeOf<null>();
  });

  it('takes a ref, never a bare path, and the payload its declaration asks for', () => {
    const client = { call: async () => ({ kind: 'ok', code: 1, msg: '', data: null }) } as unknown as ApiClient;
    // @ts-expect-error a path is not a ref
    void request(client, '/api/user/subEvaluate', { game_id: 1, platform_game_id: '2', order_id: 'LW1', score: 5 });
    // @ts-expect-error score is required
    void request(client, calls.rating.subEvaluate, { game_id: 1, platform_game_id: '2', order_id: 'LW1' });
  });
});

describe('request given a declaration (decoded answers)', () => {
  const answering = (data: unknown): ApiClient => ({ call: (async () => ({ kind: 'ok', code: 1, msg: '', data })) as ApiClient['call'] });
  const item = { id: 1, item_id: 2, kind: 'coins', title: '1 元', points_paid: 100, coupon: null, gift_code: null, coins_cents: 100, created_at: '2026-11-26T02:00:00.000Z' };

  it("sends to the declaration's path and gives the schema's output: bad list items dropped", async () => {
    const sent: unknown[][] = [];
    const client: ApiClient = {
      call: (async (...args: unknown[]) => {
        sent.push(args);
        return { kind: 'ok', code: 1, msg: '', data: { list: [item, { ...item, id: 0 }], total: 2, page: 1, limit: 20 } };
      }) as ApiClient['call'],
    };
    const outcome = await request(client, storeCalls.getRedeemRecords, { page: 1 });
    expect(sent).toEqual([['/api/store/getRedeemRecords', { page: 1 }]]);
    expect(outcome).toEqual({ kind: 'ok', code: 1, msg: '', data: { list: [item], total: 2, page: 1, limit: 20 } });
  });

  it('a success whose data does not fit is the bad-response error; a refusal passes as it is', async () => {
    await expect(request(answering({ list: 'x', total: 0, page: 1, limit: 20 }), storeCalls.getRedeemRecords, {})).resolves.toEqual({ kind: 'error', reason: 'badResponse', code: null, msg: '服务器返回数据异常' });
    const refusal = { kind: 'toast', code: -1, msg: '积分不足', data: { reason: 'points' }, show: true };
    const refusing: ApiClient = { call: (async () => refusal) as ApiClient['call'] };
    await expect(request(refusing, storeCalls.redeemStoreItem, { item_id: 1, request_id: 'abcdefgh' })).resolves.toEqual(refusal);
  });

  it('types the payload and the data alike for a ref and its declaration', () => {
    expectTypeOf<PayloadOf<typeof storeCalls.getRedeemRecords>>().toEqualTypeOf<PayloadOf<typeof calls.store.getRedeemRecords>>();
    expectTypeOf<DataOf<typeof storeCalls.getRedeemRecords>>().toEqualTypeOf<DataOf<typeof calls.store.getRedeemRecords>>();
  });
});
