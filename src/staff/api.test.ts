import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as staffCalls from '../../api/protocol/staff-refs.ts';
import * as notices from '../../api/protocol/staff/notices.ts';
import { BAD_ANSWER_MSG, createStaffClient, decodeStaffAnswer, NETWORK_MSG, type Fetch } from './api.ts';
import { modulesFor, STAFF_MODULES } from './modules.ts';

describe('decodeStaffAnswer', () => {
  it('never throws; reads exactly { code: integer, msg: string, data }', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => JSON.stringify(value))), (text) => {
        const answer = decodeStaffAnswer(text);
        if (answer === null) return true;
        const value = JSON.parse(text) as Record<string, unknown>;
        return Number.isInteger(value.code) && typeof value.msg === 'string' && answer.code === value.code && answer.msg === value.msg;
      }),
      { numRuns: 3_000 },
    );
    fc.assert(
      fc.property(fc.integer(), fc.string(), fc.jsonValue(), (code, msg, data) => {
        const answer = decodeStaffAnswer(JSON.stringify({ code, msg, data }));
        return answer !== null && answer.code === code && answer.msg === msg;
      }),
    );
    expect(decodeStaffAnswer('{"code":1.5,"msg":"x"}')).toBeNull();
    expect(decodeStaffAnswer('[1]')).toBeNull();
    expect(decodeStaffAnswer('{"code":1,"msg":"ok"}')).toEqual({ code: 1, msg: 'ok', data: null });
  });
});

describe('the staff client', () => {
  const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

  it('sends JSON with the CSRF header; on 419 fetches the token with auth/me and retries once', async () => {
    const seen: Array<{ url: string; csrf: string | null; type: string | null; body: string }> = [];
    let token = 'old';
    const client = createStaffClient({
      fetch: async (url, init) => {
      const headers = new Headers(init.headers);
      seen.push({ url, csrf: headers.get('x-csrf-token'), type: headers.get('content-type'), body: String(init.body) });
      if (url.endsWith('/auth/me')) return reply({ code: 1, msg: 'success', data: { csrf_token: (token = 'fresh') } });
      return reply(headers.get('x-csrf-token') === token && token === 'fresh' ? { code: 1, msg: 'success', data: { list: [] } } : { code: 419, msg: '安全校验失败', data: null });
      },
    });
    client.setCsrfToken('old');
    const answer = await client.call(staffCalls.accounts.list, {});
    expect(answer).toEqual({ code: 1, msg: 'success', data: { list: [] } });
    expect(seen.map((s) => [s.url, s.csrf])).toEqual([
      ['/staff/api/accounts/list', 'old'],
      ['/staff/api/auth/me', 'old'],
      ['/staff/api/accounts/list', 'fresh'],
    ]);
    expect(seen[0]!.type).toBe('application/json');
    expect(seen[0]!.body).toBe('{}');
    expect(client.csrfToken()).toBe('fresh');
  });

  it('on 401 runs the signed-out handler; network and garbage answers become refusals', async () => {
    const signedOut: string[] = [];
    let fetcher: Fetch = async () => reply({ code: 401, msg: '登录已过期，请重新登录', data: null });
    const client = createStaffClient({ fetch: (url, init) => fetcher(url, init) });
    const stopListening = client.onSignedOut((msg) => signedOut.push(msg));
    client.setCsrfToken('live');
    expect((await client.call(staffCalls.audit.list, { page: 1 })).code).toBe(401);
    expect(signedOut).toEqual(['登录已过期，请重新登录']);
    // The session's token goes with it.
    expect(client.csrfToken()).toBe('');
    fetcher = async () => Promise.reject(new TypeError('offline'));
    expect(await client.call(staffCalls.auth.me, {})).toEqual({ code: -1, msg: NETWORK_MSG, data: null });
    fetcher = async () => new Response('<html>502</html>', { status: 502 });
    expect(await client.call(staffCalls.auth.me, {})).toEqual({ code: -1, msg: BAD_ANSWER_MSG, data: null });
    // A refused sign-in is not a sign-out.
    fetcher = async () => reply({ code: 401, msg: 'x', data: null });
    await client.call(staffCalls.auth.login, { name: 'a', password: 'b', code: '123456' });
    expect(signedOut).toHaveLength(1);
    // A listener that stopped hears nothing more.
    stopListening();
    await client.call(staffCalls.audit.list, { page: 1 });
    expect(signedOut).toHaveLength(1);
  });

  it('given the declaration, decodes a success by its answer schema: a bad row dropped, a misfit the bad answer; refusals and refs as sent', async () => {
    const notice = { id: 7, title: '维护', content: '<p>x</p>', popup: false, published_at: '2026-06-02T02:00:00.000Z', withdrawn_at: null, author_name: '', withdrawn_by_name: '', seen_count: 0 };
    let body: unknown = { code: 1, msg: 'success', data: { list: [notice, { ...notice, id: 'x' }], total: 2, page: 1, limit: 20 } };
    const client = createStaffClient({ fetch: async () => reply(body) });
    expect(await client.call(notices.list, {})).toEqual({ code: 1, msg: 'success', data: { list: [notice], total: 2, page: 1, limit: 20 } });
    // The ref makes the same call and reads nothing.
    expect((await client.call(staffCalls.notices.list, {})).data).toEqual((body as { data: unknown }).data);
    body = { code: 1, msg: 'success', data: { list: 'none', total: 0, page: 1, limit: 20 } };
    expect(await client.call(notices.list, {})).toEqual({ code: -1, msg: BAD_ANSWER_MSG, data: null });
    body = { code: -1, msg: '公告不存在', data: { anything: true } };
    expect(await client.call(notices.withdraw, { id: 7 })).toEqual(body);
  });

  it('two clients keep their own session token (no state shared between consoles)', async () => {
    const sent: Array<string | null> = [];
    const fetch: Fetch = async (_url, init) => {
      sent.push(new Headers(init.headers).get('x-csrf-token'));
      return reply({ code: 1, msg: 'success', data: null });
    };
    const first = createStaffClient({ fetch });
    const second = createStaffClient({ fetch });
    first.setCsrfToken('one');
    await first.call(staffCalls.auth.logout, {});
    await second.call(staffCalls.auth.logout, {});
    expect(sent).toEqual(['one', null]);
  });
});

describe('the module registry', () => {
  it('shows admin every module and other roles only theirs; ids are unique URL segments', () => {
    expect(modulesFor('admin').map((m) => m.id)).toEqual(STAFF_MODULES.map((m) => m.id));
    for (const role of ['agent', 'reviewer', 'finance'] as const) expect(modulesFor(role).every((m) => m.roles.includes(role))).toBe(true);
    expect(modulesFor('agent').map((m) => m.id)).not.toContain('accounts');
    const ids = STAFF_MODULES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
    expect(ids).not.toContain('login');
  });
});
