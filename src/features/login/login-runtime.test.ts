import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiClient, CallOptions } from '../../../api/client.ts';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { Fields } from '../../../api/protocol/wire.ts';
import { STORAGE_KEYS } from '../../../machines/constants.ts';
import { selectAgreementSheet, selectPanel } from '../../../machines/login-overlay.selectors.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import type { ActiveRecordInput } from '../../../machines/session.types.ts';
import { captureInvite, INVITE_STORAGE_KEY, rememberedInvite } from '../invite/invite-capture.ts';
import { BD_VID_SESSION_KEY, createLoginFeature, readBdVid, SIGN_IN_POINTS, type LoginEnvironment } from './login-runtime.ts';

const PHONE = '13800138000';
const ok = <T>(code: number, data: T, msg = ''): ApiOutcome<T> => ({ kind: 'ok', code, msg, data });

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function fakeLocation(_pathname = '/', landingSearch = ''): LoginEnvironment {
  return { landingSearch, sessionStorage: memoryStorage() };
}

type Answers = Record<string, ApiOutcome | ((payload: Fields) => ApiOutcome)>;

function setUp({ answers = {}, location = fakeLocation() }: { answers?: Answers; location?: ReturnType<typeof fakeLocation> } = {}) {
  const calls: Array<{ path: string; payload: Fields }> = [];
  const api: ApiClient = {
    call: vi.fn(async (path: string, payload: Fields = {}, _options?: CallOptions) => {
      calls.push({ path, payload });
      const answer = answers[path] ?? ok(1, null);
      return (typeof answer === 'function' ? answer(payload) : answer) as never;
    }),
  };
  const session = createActor(
    sessionMachine.provide({ actors: { activeRecord: fromPromise<unknown, ActiveRecordInput>(async () => undefined) } }),
    { input: { credentials: null } },
  ).start();
  const storage = memoryStorage();
  const toasts: string[] = [];
  const reloadView = vi.fn();
  const offerRevoke = vi.fn();
  const overlay = createLoginFeature({ api, session, inspect: () => {}, reloadView }, { storage, toast: (message) => void toasts.push(message) }, location, offerRevoke);
  return { api, calls, session, storage, toasts, reloadView, overlay, location, offerRevoke };
}

type Feature = ReturnType<typeof setUp>;

async function signInBySms(feature: Feature) {
  const { overlay } = feature;
  overlay.send({ type: 'ui.open' });
  overlay.send({ type: 'ui.agree.toggle' });
  overlay.send({ type: 'ui.phone.change', value: PHONE });
  overlay.send({ type: 'ui.sendCode' });
  await waitFor(overlay, (s) => selectPanel(s) === 2);
  overlay.send({ type: 'ui.code.change', value: '1234' });
  await waitFor(overlay, (s) => !s.hasTag('busy'));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readBdVid (SPEC §9 ad-click id)', () => {
  it('takes the landing URL value and remembers it for the tab', () => {
    const storage = memoryStorage();
    expect(readBdVid('?bd_vid=click-42&x=1', storage)).toBe('click-42');
    expect(storage.getItem(BD_VID_SESSION_KEY)).toBe('click-42');
    expect(readBdVid('', storage)).toBe('click-42');
    expect(readBdVid('?bd_vid=newer', storage)).toBe('newer');
  });

  it('is null without one, trims it and keeps at most 256 characters', () => {
    expect(readBdVid('?other=1', memoryStorage())).toBeNull();
    expect(readBdVid('?bd_vid=%20%20', memoryStorage())).toBeNull();
    expect(readBdVid(`?bd_vid=${'a'.repeat(300)}`, memoryStorage())).toHaveLength(256);
  });

  it('still uses the URL value when storage throws', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(readBdVid('?bd_vid=x', broken)).toBe('x');
    expect(readBdVid('', broken)).toBeNull();
  });
});

describe('createLoginFeature: the real calls and the after-login follow-ups (SPEC §4)', () => {
  const registered = ok(200, { token: 'token-abcdefghijklmnop', user_uuid: 'uuid-12345678', nickname: '玩家8000ab', registered: true }, '登录成功');

  it('registers by SMS: session signed in, 注册 point, watermark stored, view reloaded, overlay closed', async () => {
    const feature = setUp({
      answers: { '/api/login/trendRegister': registered, '/api/user/getWatermark': ok(1, { code: 'B0413802' }) },
      location: fakeLocation('/', '?bd_vid=click-7'),
    });
    await signInBySms(feature);
    await flush();
    expect(feature.calls.map((c) => c.path)).toEqual(['/api/login/sendCode', '/api/login/trendRegister', '/point', '/api/user/getWatermark']);
    expect(feature.calls[0]!.payload).toEqual({ phone: PHONE, type: '1' });
    expect(feature.calls[1]!.payload).toEqual({ account: PHONE, phone_code: '1234', agree_agreement: 1, bd_vid: 'click-7' });
    expect(feature.calls[2]!.payload).toEqual(SIGN_IN_POINTS.register);
    expect(feature.session.getSnapshot().context.credentials).toEqual({ token: 'token-abcdefghijklmnop', uuid: 'uuid-12345678', nickname: '玩家8000ab' });
    expect(feature.session.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(feature.storage.getItem(STORAGE_KEYS.watermark)).toBe('B0413802');
    expect(feature.reloadView).toHaveBeenCalledTimes(1);
    expect(feature.overlay.getSnapshot().value).toBe('closed');
  });

  it('sends a share link\'s remembered invite code with the registration and forgets it once registered', async () => {
    const existing = ok(200, { token: 'token-abcdefghijklmnop', user_uuid: 'uuid-12345678', nickname: 'n', registered: false });
    const login = setUp({ answers: { '/api/login/trendRegister': existing } });
    captureInvite('?invite=abc234', () => login.storage, Date.now());
    await signInBySms(login);
    expect(login.calls[1]!.payload).toMatchObject({ invite_code: 'ABC234' });
    // An existing account signed in: the code stays for a registration on this device.
    expect(rememberedInvite(() => login.storage, Date.now())).toBe('ABC234');

    const feature = setUp({ answers: { '/api/login/trendRegister': registered } });
    captureInvite('?invite=ABC234', () => feature.storage, Date.now());
    await signInBySms(feature);
    expect(feature.calls[1]!.payload).toEqual({ account: PHONE, phone_code: '1234', agree_agreement: 1, invite_code: 'ABC234' });
    expect(feature.storage.getItem(INVITE_STORAGE_KEY)).toBeNull();
  });

  it('offers to revoke once signed in when the account is in its cancellation cooling-off', async () => {
    const cancellation = { requested_at: '2026-03-02T02:00:00.000Z', effective_at: '2026-03-17T02:00:00.000Z' };
    const cooling = ok(200, { token: 'token-abcdefghijklmnop', user_uuid: 'uuid-12345678', nickname: 'n', registered: false, cancellation });
    const feature = setUp({ answers: { '/api/login/trendRegister': cooling } });
    feature.offerRevoke.mockImplementation(() => {
      // Offered after the session holds the new credentials (the revoke call needs them).
      expect(feature.session.getSnapshot().context.credentials?.token).toBe('token-abcdefghijklmnop');
    });
    await signInBySms(feature);
    expect(feature.offerRevoke).toHaveBeenCalledExactlyOnceWith({ effective_at: cancellation.effective_at });

    // A normal account, or a malformed field, is not offered anything; nor is the next sign-in after one that was.
    for (const answer of [registered, ok(200, { token: 'token-abcdefghijklmnop', user_uuid: 'uuid-12345678', nickname: 'n', cancellation: { effective_at: 42 } })]) {
      const plain = setUp({ answers: { '/api/login/trendRegister': answer } });
      await signInBySms(plain);
      expect(plain.offerRevoke).not.toHaveBeenCalled();
    }
  });

  it('records 登录 for an existing account and for password login', async () => {
    const existing = ok(200, { token: 'token-abcdefghijklmnop', user_uuid: 'uuid-12345678', nickname: 'n', registered: false });
    const bySms = setUp({ answers: { '/api/login/trendRegister': existing } });
    await signInBySms(bySms);
    expect(bySms.calls.find((c) => c.path === '/point')!.payload).toEqual(SIGN_IN_POINTS.login);

    // A registration first, then a password login: the point follows the latest answer.
    const byPassword = setUp({ answers: { '/api/login/trendRegister': registered, '/api/login/userlogin': existing } });
    await signInBySms(byPassword);
    const { overlay } = byPassword;
    overlay.send({ type: 'ui.open' });
    overlay.send({ type: 'ui.toPassword' });
    overlay.send({ type: 'ui.agree.toggle' });
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.password.change', value: 'lewan2026' });
    overlay.send({ type: 'ui.passwordLogin' });
    await waitFor(overlay, (s) => s.matches('closed'));
    const points = byPassword.calls.filter((c) => c.path === '/point').map((c) => c.payload);
    expect(points).toEqual([SIGN_IN_POINTS.register, SIGN_IN_POINTS.login]);
    expect(byPassword.calls.find((c) => c.path === '/api/login/userlogin')!.payload).toEqual({ account: PHONE, password: 'lewan2026' });
  });

  it('registers with a password on the /register page: userRegister, 注册 point, signed in, closed', async () => {
    const feature = setUp({ answers: { '/api/login/userRegister': registered } });
    const { overlay } = feature;
    overlay.send({ type: 'ui.page.open', panel: 'register' });
    overlay.send({ type: 'ui.agree.toggle' });
    overlay.send({ type: 'ui.phone.change', value: PHONE });
    overlay.send({ type: 'ui.register.code.change', value: '1234' });
    overlay.send({ type: 'ui.register.password.change', value: 'lewan2026' });
    overlay.send({ type: 'ui.register.submit' });
    await waitFor(overlay, (s) => s.matches('closed'));
    await flush();
    expect(feature.calls.find((c) => c.path === '/api/login/userRegister')!.payload).toEqual({ account: PHONE, phone_code: '1234', password: 'lewan2026', agree_agreement: 1 });
    expect(feature.calls.find((c) => c.path === '/point')!.payload).toEqual(SIGN_IN_POINTS.register);
    expect(feature.session.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('treats a code-200 answer without credentials as a bad answer: no sign-in, a toast, the boxes cleared', async () => {
    const feature = setUp({ answers: { '/api/login/trendRegister': ok(200, null) } });
    await signInBySms(feature);
    expect(feature.session.getSnapshot().context.credentials).toBeNull();
    expect(feature.toasts).toEqual(['服务器返回数据异常']);
    expect(selectPanel(feature.overlay.getSnapshot())).toBe(2);
    expect(feature.overlay.getSnapshot().context.code).toBe('');
    feature.overlay.stop();
  });

  it('keeps the watermark untouched when its call fails', async () => {
    const feature = setUp({
      answers: { '/api/login/trendRegister': registered, '/api/user/getWatermark': { kind: 'error', reason: 'network', code: null, msg: '网络异常' } },
    });
    await signInBySms(feature);
    await flush();
    expect(feature.storage.getItem(STORAGE_KEYS.watermark)).toBeNull();
    expect(feature.reloadView).toHaveBeenCalledTimes(1);
  });

  it('loads the agreement and the privacy policy from their down calls', async () => {
    const feature = setUp({
      answers: {
        '/api/down/agreeH5': ok(1, { title: '用户协议', content: '<p>协议</p>' }),
        '/api/down/userPrivacyH5': ok(1, { content: 42 }),
      },
    });
    feature.overlay.send({ type: 'ui.open' });
    const sheet = selectAgreementSheet(feature.overlay.getSnapshot())!;
    sheet.send({ type: 'ui.doc.open', doc: 'agreement' });
    await waitFor(sheet, (s) => s.matches({ viewing: 'loaded' }));
    expect(sheet.getSnapshot().context).toMatchObject({ title: '用户协议', html: '<p>协议</p>' });
    sheet.send({ type: 'ui.doc.close' });
    sheet.send({ type: 'ui.doc.open', doc: 'privacy' });
    await waitFor(sheet, (s) => s.matches({ viewing: 'failed' }));
    expect(sheet.getSnapshot().context.error).toBe('服务器返回数据异常');
    expect(feature.calls.map((c) => c.path)).toEqual(['/api/down/agreeH5', '/api/down/userPrivacyH5']);
    feature.overlay.stop();
  });

  it('passes an abort signal, so closing the overlay cancels a running call', async () => {
    let signal: AbortSignal | undefined;
    const feature = setUp();
    (feature.api.call as ReturnType<typeof vi.fn>).mockImplementation((_path: string, _payload: Fields, options: CallOptions) => {
      signal = options.signal;
      return new Promise(() => {});
    });
    feature.overlay.send({ type: 'ui.open' });
    feature.overlay.send({ type: 'ui.agree.toggle' });
    feature.overlay.send({ type: 'ui.phone.change', value: PHONE });
    feature.overlay.send({ type: 'ui.sendCode' });
    expect(signal?.aborted).toBe(false);
    feature.overlay.send({ type: 'ui.close' });
    expect(signal?.aborted).toBe(true);
  });
});
