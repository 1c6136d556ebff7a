import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiClient } from './client.ts';
import * as calls from './protocol/call-refs.ts';
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
