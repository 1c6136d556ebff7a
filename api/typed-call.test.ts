import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiClient } from './client.ts';
import { request, type DataOf, type PayloadOf } from './typed-call.ts';

describe('request (typed call)', () => {
  it('sends the payload to the declared path unchanged', async () => {
    const calls: unknown[][] = [];
    const client: ApiClient = {
      call: (async (...args: unknown[]) => {
        calls.push(args);
        return { kind: 'ok', code: 1, msg: '评价成功', data: null };
      }) as ApiClient['call'],
    };
    const payload = { game_id: 1, platform_game_id: '2', order_id: 'LW1', score: 5 };
    await expect(request(client, '/api/user/subEvaluate', payload)).resolves.toMatchObject({ kind: 'ok' });
    // No options given: none passed on, so a typed call is exactly the hand-written client.call(path, payload).
    expect(calls).toEqual([['/api/user/subEvaluate', payload]]);
    expect(calls[0]).toHaveLength(2);
  });

  it('types the payload and the answer from the declaration', () => {
    expectTypeOf<PayloadOf<'/api/user/subEvaluate'>>().toEqualTypeOf<{ score: number; order_id: string; game_id: number | string; platform_game_id: number | string }>();
    expectTypeOf<DataOf<'/api/user/subEvaluate'>>().toEqualTypeOf<null>();
  });
});
