import { describe, expect, expectTypeOf, it } from 'vitest';
import * as v from 'valibot';
import { answer, defineCall, int } from '../api/protocol/call-spec.ts';
import { handle, ok, type AuthedUser, type CallContext, type SpecContext } from './calls.ts';

const required = defineCall({ path: '/api/test/required', auth: 'required', summary: 'test', fields: {}, answer: answer(v.nullable(v.object({ id: int })), '{ id }') });
const optional = defineCall({ path: '/api/test/optional', auth: 'optional', summary: 'test', fields: {}, answer: answer(v.object({ signedIn: v.boolean() }), '{ signedIn }') });
const none = defineCall({ path: '/api/test/none', auth: 'none', summary: 'test', fields: {} });

const PLAYER: AuthedUser = { id: 7, uuid: 'u', phone: '13800000000', nickname: 'n', sessionId: 1, registeredAt: new Date(0) };

function contextFor(user: AuthedUser | null): CallContext {
  return { fields: {}, user, token: null, ip: '127.0.0.1', now: new Date(0), db: null as never, kv: null as never, config: null as never, log: null as never };
}

describe('handle(): the user of a call follows its declared auth', () => {
  it('a required call sees a user that is never null; optional and none see it nullable', () => {
    expectTypeOf<SpecContext<typeof required>['user']>().toEqualTypeOf<AuthedUser>();
    expectTypeOf<SpecContext<typeof optional>['user']>().toEqualTypeOf<AuthedUser | null>();
    expectTypeOf<SpecContext<typeof none>['user']>().toEqualTypeOf<AuthedUser | null>();
    expect([required.auth, optional.auth, none.auth]).toEqual(['required', 'optional', 'none']);
  });

  it('a required call runs its handler with the signed-in user', async () => {
    const call = handle(required, async ({ user }) => ok({ id: user.id }));
    await expect(call.handler(contextFor(PLAYER))).resolves.toEqual({ code: 1, msg: 'success', data: { id: 7 } });
  });

  it('a required call reached without a user fails loudly instead of running its handler', async () => {
    let ran = false;
    const call = handle(required, async () => {
      ran = true;
      return ok(null);
    });
    await expect(call.handler(contextFor(null))).rejects.toThrow('/api/test/required needs a signed-in user');
    expect(ran).toBe(false);
  });

  it('an optional call runs signed out', async () => {
    const call = handle(optional, async ({ user }) => ok({ signedIn: user !== null }));
    await expect(call.handler(contextFor(null))).resolves.toMatchObject({ data: { signedIn: false } });
  });
});
