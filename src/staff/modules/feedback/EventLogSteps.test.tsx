import { fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEventLogJson } from '../../../../api/protocol/event-log.ts';
import EventLogSteps from './EventLogSteps.tsx';
import { stepOf } from './event-log-steps.ts';

/** An attached log stepped through on the diagrams: the recorded sign-in by SMS (tests/replays). */

const read = parseEventLogJson(readFileSync('tests/replays/login-sms.json', 'utf8'));
if (!read.ok) throw new Error(read.error);
const log = read.log;

describe('EventLogSteps', () => {
  it('shows one event at a time with its receiver, the state it went to on the receiver\'s diagram, and steps both ways', () => {
    const { container } = render(<EventLogSteps log={log} />);
    expect(screen.getByText(`第 1 / ${log.entries.length} 步`)).toBeTruthy();
    expect((screen.getByRole('button', { name: '上一步' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('loginOverlay', { selector: 'dd' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getByText(`第 3 / ${log.entries.length} 步`)).toBeTruthy();
    expect(screen.getByText('ui.open', { selector: 'code' })).toBeTruthy();
    // The overlay's diagram, with the state the event led to (open.sms.editing) in orange.
    const active = [...container.querySelectorAll('[data-active="true"]')].map((node) => node.getAttribute('data-state'));
    expect(active.length).toBeGreaterThan(0);
    expect(active.join(' ')).toMatch(/editing/);

    fireEvent.change(screen.getByRole('slider', { name: '步骤' }), { target: { value: String(log.entries.length) } });
    expect(screen.getByText(`第 ${log.entries.length} / ${log.entries.length} 步`)).toBeTruthy();
    expect((screen.getByRole('button', { name: '下一步' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a receiver that is not a machine, or one this build lacks, shows why there is no diagram', () => {
    const entries = [
      { ...log.entries[0]!, machine: null, actor: 'loginOverlay/sendCode' },
      { ...log.entries[0]!, machine: 'retiredMachine', actor: 'retired' },
    ];
    render(<EventLogSteps log={{ ...log, entries }} />);
    expect(screen.getByText('该接收者不是状态机（调用或回调）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getByText('本版本没有状态机 retiredMachine')).toBeTruthy();
  });

  it('a step shows the payload, the sender and the masked fields, and nothing for an event that is only its type', () => {
    const entry = log.entries.find((candidate) => candidate.event.type === 'ui.phone.change')!;
    const step = stepOf({ ...log, entries: [{ ...entry, redacted: ['value'] }] }, 0)!;
    expect(JSON.parse(step.payload)).toMatchObject({ redacted: ['value'] });
    expect(stepOf({ ...log, entries: [{ ...log.entries[0]!, event: { type: 'ui.open' }, source: null }] }, 0)!.payload).toBe('');
    expect(stepOf(log, log.entries.length)).toBeNull();
  });
});
