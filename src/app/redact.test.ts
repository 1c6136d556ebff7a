import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from './redact.ts';

describe('redact: secrets leave the phone masked, in a shape replay can still use', () => {
  it('masks phone numbers by field, by input event and inside any text', () => {
    const redactor = createRedactor();
    expect(redactor.redact({ type: 'ui.phone.change', value: '13812345678' }, 'ui.phone.change')).toEqual({
      value: { type: 'ui.phone.change', value: '13800000000' },
      paths: ['value'],
    });
    expect(redactor.redact({ type: 'ui.recover.phone.change', value: '1381' }, 'ui.recover.phone.change').value).toEqual({ type: 'ui.recover.phone.change', value: '1380' });
    const { value, paths } = redactor.redact({ input: { phone: '13912345678', account: '15012345678', type: '1' }, msg: '手机号 18612345678 已注册，另有 213912345678 不是手机号' });
    expect(value).toEqual({ input: { phone: '13900000000', account: '15000000000', type: '1' }, msg: '手机号 18600000000 已注册，另有 213912345678 不是手机号' });
    expect(paths).toEqual(['input.phone', 'input.account', 'msg']);
  });

  it('keeps length and character classes of passwords and codes', () => {
    const redactor = createRedactor();
    expect(redactor.redact({ type: 'ui.password.change', value: 'Abc123!' }, 'ui.password.change').value).toEqual({ type: 'ui.password.change', value: 'Aaa000*' });
    expect(redactor.redact({ type: 'ui.code.change', value: '52' }, 'ui.code.change').value).toEqual({ type: 'ui.code.change', value: '00' });
    expect(redactor.redact({ type: 'ui.reset.confirm.change', value: 'pass12' }, 'ui.reset.confirm.change').value).toMatchObject({ value: 'aaaa00' });
    expect(redactor.redact({ input: { account: '13812345678', phone_code: '5208', password: 'x1', newPassword: 'y2', confirmPassword: 'z3' } }).value).toEqual({
      input: { account: '13800000000', phone_code: '0000', password: 'a0', newPassword: 'a1', confirmPassword: 'a2' },
    });
  });

  it('gives different secrets different masks and equal secrets equal ones', () => {
    const redactor = createRedactor();
    const mask = (value: string) => (redactor.redact({ type: 'ui.password.change', value }, 'ui.password.change').value as { value: string }).value;
    const first = mask('abc123');
    expect(mask('abd123')).not.toBe(first);
    expect(mask('abc123')).toBe(first);
    expect(mask('abd123')).toBe(mask('abd123'));
    const phone = (value: string) => (redactor.redact({ phone: value }).value as { phone: string }).phone;
    expect(phone('13812345678')).not.toBe(phone('13887654321'));
    expect(phone('13887654321')).toMatch(/^138\d{8}$/);
  });

  it('replaces tokens and everything under credentials, keeps server status codes', () => {
    const redactor = createRedactor();
    const { value, paths } = redactor.redact({
      type: 'xstate.done.actor.trendRegister',
      output: { kind: 'ok', code: 200, msg: '登录成功', data: { token: 'abc', user_uuid: 'u-1', nickname: '小明', Token: 'T' } },
      credentials: { token: 't', uuid: 'u', nickname: 'n' },
    });
    expect(value).toEqual({
      type: 'xstate.done.actor.trendRegister',
      output: { kind: 'ok', code: 200, msg: '登录成功', data: { token: REDACTED, user_uuid: REDACTED, nickname: '小明', Token: REDACTED } },
      credentials: { token: REDACTED, uuid: REDACTED, nickname: REDACTED },
    });
    expect(paths).toEqual(['output.data.token', 'output.data.user_uuid', 'output.data.Token', 'credentials.token', 'credentials.uuid', 'credentials.nickname']);
    expect(redactor.redact({ credentials: null }).value).toEqual({ credentials: null });
  });

  it('turns anything into bounded JSON without throwing', () => {
    const redactor = createRedactor();
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    let deep: unknown = 'bottom';
    for (let level = 0; level < 50; level++) deep = { deep };
    const { value } = redactor.redact({
      circular,
      deep,
      error: new TypeError('Failed to fetch 13812345678'),
      when: new Date(0),
      big: 10n,
      nan: Number.NaN,
      fn: () => 1,
      undef: undefined,
      set: new Set([1, 2]),
      map: new Map([['k', 'v']]),
      long: 'x'.repeat(5_000),
      list: Array.from({ length: 500 }, (_, index) => index),
      actor: { id: 'child', sessionId: 'x:9', send: () => {} },
    });
    const json = value as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(value))).toEqual(value);
    expect(json.circular).toEqual({ name: 'loop', self: '[circular]' });
    expect(JSON.stringify(json.deep)).toContain('[…]');
    expect(json.error).toEqual({ name: 'TypeError', message: 'Failed to fetch 13800000000' });
    expect(json).toMatchObject({ when: '1970-01-01T00:00:00.000Z', big: '10', nan: 'NaN', set: [1, 2], map: { k: 'v' }, actor: '[actor child]' });
    expect('fn' in json || 'undef' in json).toBe(false);
    expect((json.long as string).length).toBeLessThan(4_100);
    expect(json.list).toHaveLength(200);
  });
});
