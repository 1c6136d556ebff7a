import { describe, expect, it } from 'vitest';
import { ConsoleSmsProvider, maskPhone } from './sms.ts';

function capturingLog() {
  const lines: Array<{ level: string; args: unknown[] }> = [];
  return {
    lines,
    text: () => JSON.stringify(lines),
    log: {
      info: (...args: unknown[]) => void lines.push({ level: 'info', args }),
      warn: (...args: unknown[]) => void lines.push({ level: 'warn', args }),
    },
  };
}

describe('console SMS provider', () => {
  it('masks phones as 138****8000', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });

  it('outside production logs the code (its job) with the phone masked and keeps the latest per phone', async () => {
    const out = capturingLog();
    const sms = new ConsoleSmsProvider({ log: out.log as never, production: false });
    expect(sms.latestCode('13800138000')).toBeNull();
    await sms.send('13800138000', '0427', 'login');
    await sms.send('13800138000', '9031', 'recovery');
    expect(sms.latestCode('13800138000')).toBe('9031');
    expect(out.text()).toContain('0427');
    expect(out.text()).toContain('138****8000');
    expect(out.text()).not.toContain('13800138000');
  });

  it('in production logs neither the code nor the phone and keeps nothing', async () => {
    const out = capturingLog();
    const sms = new ConsoleSmsProvider({ log: out.log as never, production: true });
    await sms.send('13800138000', '0427', 'login');
    await sms.send('13900139000', '5512', 'recovery');
    expect(sms.latestCode('13800138000')).toBeNull();
    expect(out.text()).not.toMatch(/0427|5512|13800138000|13900139000/);
    expect(out.text()).toContain('138****8000');
    expect(out.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });
});
