import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { agreementSheetMachine } from '../../../machines/agreement-sheet.machine.ts';
import { createEventLog } from '../../app/event-log.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import TestViewPage from './TestViewPage.tsx';

function setUp() {
  const clock = new SimulatedClock();
  const eventLog = createEventLog({ storage: null, lifecycle: null, now: () => clock.now(), wallClock: () => Date.UTC(2025, 0, 1) + clock.now() });
  const sheet = createActor(agreementSheetMachine, { clock, inspect: eventLog.inspect }).start();
  sheet.send({ type: 'overlay.consent.ask' });
  const runtime = { eventLog } as unknown as AppRuntime;
  render(
    <RuntimeProvider runtime={runtime}>
      <TestViewPage />
    </RuntimeProvider>,
  );
  return { eventLog, sheet };
}

function upload(text: string, name = 'log.json') {
  const input = screen.getByLabelText('选择日志文件') as HTMLInputElement;
  const file = new File([text], name, { type: 'application/json' });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('/testview', () => {
  it('lists running machines with their state and draws the diagram with the active state highlighted', () => {
    setUp();
    const card = screen.getByRole('button', { name: 'agreementSheet' });
    expect(card.closest('li')!.textContent).toContain('asking');
    fireEvent.click(card);
    const active = document.querySelectorAll('svg [data-active="true"]');
    expect([...active].map((node) => node.getAttribute('data-state'))).toEqual(['agreementSheet.asking']);
  });

  it('shows the live log newest first and filters by actor', async () => {
    const { sheet, eventLog } = setUp();
    sheet.send({ type: 'ui.doc.open', doc: 'privacy' });
    const list = document.querySelector('.testview__entries') as HTMLElement;
    await waitFor(() => expect(within(list).getAllByText('ui.doc.open').length).toBe(1));
    const events = [...list.querySelectorAll('.testview__entry-event')].map((node) => node.textContent);
    expect(events).toEqual(eventLog.entries().map((entry) => entry.event.type).reverse());
    expect(events[0]).toBe('xstate.error.actor.loadDocument');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'agreementSheet/loadDocument' } });
    expect(within(list).getAllByText('agreementSheet/loadDocument')).toHaveLength(2); // its init and its reject
    expect(within(list).queryByText('overlay.consent.ask')).toBeNull();
  });

  it('refuses a malformed import with the decoder’s message, shows a valid one, and goes back to live', async () => {
    const { eventLog } = setUp();
    upload('{"format":"nope"}');
    expect((await screen.findByRole('alert')).textContent).toContain('not an event log');

    const exported = eventLog.exportLog();
    exported.entries = exported.entries.slice(0, 1);
    upload(JSON.stringify(exported), 'bug-123.json');
    expect(await screen.findByText(/导入的日志 bug-123\.json · 1 条/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回实时日志' }));
    expect(screen.getByText(/实时日志 ·/)).toBeTruthy();
  });

  it('exports through a download link and clears after confirmation', () => {
    const { eventLog } = setUp();
    const createObjectURL = vi.fn(() => 'blob:log');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: '导出日志' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: '清空日志' }));
    expect(eventLog.entries()).toHaveLength(0);
    click.mockRestore();
  });
});
