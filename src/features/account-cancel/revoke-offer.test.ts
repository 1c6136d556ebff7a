import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiClient } from '../../../api/client.ts';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import type { ActiveRecordInput } from '../../../machines/session.types.ts';
import { offerRevoke, REVOKE_OFFER, type AskRevoke } from './revoke-offer.ts';
import { formatChinaTime } from './china-time.ts';

const EFFECTIVE = '2026-03-17T02:00:00.000Z';

function setUp(answers: Record<string, ApiOutcome>) {
  const paths: string[] = [];
  const api: ApiClient = { call: vi.fn(async (path: string) => (paths.push(path), (answers[path] ?? { kind: 'ok', code: 1, msg: '', data: null }) as never)) };
  const session = createActor(sessionMachine.provide({ actors: { activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => undefined) } }), {
    input: { credentials: { token: 't', uuid: 'u', nickname: 'n' } },
  }).start();
  const toasts: string[] = [];
  return { runtime: { api, session, toast: (message: string) => void toasts.push(message) }, paths, toasts, session };
}

describe('the revoke offer after a sign-in in the cooling-off', () => {
  it('says when the cancellation takes effect, in China time', async () => {
    const { runtime } = setUp({});
    const ask = vi.fn<AskRevoke>(async () => 'revoke');
    await offerRevoke(runtime, { effective_at: EFFECTIVE }, ask);
    expect(ask).toHaveBeenCalledWith({ title: '您的账号正在注销中', content: '账号将于 2026年3月17日 10:00 完成注销。撤销注销后，账号将恢复正常使用。', revoke: '撤销注销', proceed: '继续注销' });
    expect(formatChinaTime('2026-03-16T16:30:00.000Z')).toBe('2026年3月17日 00:30');
  });

  it('撤销注销 revokes and keeps the session', async () => {
    const { runtime, paths, toasts, session } = setUp({});
    expect(await offerRevoke(runtime, { effective_at: EFFECTIVE }, async () => 'revoke')).toBe('revoked');
    expect(paths).toEqual(['/api/user/revokeCancel']);
    expect(toasts).toEqual([REVOKE_OFFER.revoked]);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('a refused revoke says nothing itself (the session machine toasts -1) and keeps the session', async () => {
    const { runtime, toasts } = setUp({ '/api/user/revokeCancel': { kind: 'toast', code: -1, msg: '当前没有进行中的注销申请', data: null, show: true } });
    expect(await offerRevoke(runtime, { effective_at: EFFECTIVE }, async () => 'revoke')).toBe('failed');
    expect(toasts).toEqual([]);
  });

  it('继续注销 signs out here and on the server', async () => {
    const { runtime, paths, toasts, session } = setUp({});
    expect(await offerRevoke(runtime, { effective_at: EFFECTIVE }, async () => 'proceed')).toBe('signedOut');
    expect(paths).toEqual(['/api/user/logout']);
    expect(session.getSnapshot().context.credentials).toBeNull();
    expect(toasts).toEqual([REVOKE_OFFER.signedOut]);
  });
});
