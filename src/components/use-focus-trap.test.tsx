import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFocusTrap } from './use-focus-trap.ts';

/** An opener and a dialog with two buttons; a second, nested dialog opens from the first. */
function Harness({ onEscape }: { onEscape: (which: string) => void }) {
  const [open, setOpen] = useState(false);
  const [nested, setNested] = useState(false);
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  useFocusTrap(open, () => outer.current, () => {
    onEscape('outer');
    setOpen(false);
  });
  useFocusTrap(nested, () => inner.current, () => {
    onEscape('inner');
    setNested(false);
  });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <button type="button">页面按钮</button>
      {open && (
        <div ref={outer} role="dialog" aria-label="外层">
          <button type="button" onClick={() => setNested(true)}>
            第一个
          </button>
          <button type="button" disabled>
            不可用
          </button>
          <button type="button">最后一个</button>
        </div>
      )}
      {nested && (
        <div ref={inner} role="dialog" aria-label="内层">
          <button type="button">内层按钮</button>
        </div>
      )}
    </>
  );
}

const tab = (shift = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });

describe('useFocusTrap', () => {
  it('moves focus in on open, cycles Tab inside, and gives it back to the opener on Escape', () => {
    const onEscape = vi.fn();
    render(<Harness onEscape={onEscape} />);
    const opener = screen.getByRole('button', { name: '打开' });
    opener.focus();
    act(() => opener.click());
    const dialog = screen.getByRole('dialog', { name: '外层' });
    expect(document.activeElement).toBe(dialog);
    expect(dialog.getAttribute('tabindex')).toBe('-1');

    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '第一个' }));
    tab();
    // The disabled button is skipped; after the last, Tab wraps to the first.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '最后一个' }));
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '第一个' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '最后一个' }));

    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(onEscape).toHaveBeenCalledWith('outer');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    // Closed: Tab is the browser's again.
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    opener.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('stacks: only the top overlay takes keys, and closing it returns focus inside the one below', () => {
    const onEscape = vi.fn();
    render(<Harness onEscape={onEscape} />);
    act(() => screen.getByRole('button', { name: '打开' }).click());
    const first = screen.getByRole('button', { name: '第一个' });
    first.focus();
    act(() => first.click());
    const inner = screen.getByRole('dialog', { name: '内层' });
    expect(document.activeElement).toBe(inner);
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '内层按钮' }));
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '内层按钮' }));

    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(onEscape).toHaveBeenCalledWith('inner');
    expect(screen.getByRole('dialog', { name: '外层' })).toBeTruthy();
    expect(document.activeElement).toBe(first);
  });
});
