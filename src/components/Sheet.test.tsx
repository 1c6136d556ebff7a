import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Sheet } from './Sheet.tsx';

describe('Sheet', () => {
  it('is a labelled modal dialog with the focus inside; Escape and the mask call onClose', async () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">打开</button>
        <Sheet open onClose={onClose} label="礼包码" className="inside">
          <button type="button">复制</button>
        </Sheet>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: '礼包码' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.className).toBe('inside');
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    // The mask is aria-hidden (the dialog is modal): a tap on it, as a finger would.
    fireEvent.click(document.querySelector('.adm-mask-aria-button')!);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('names itself by a heading inside when given its id', async () => {
    render(
      <Sheet open onClose={() => {}} labelledBy="t">
        <h2 id="t">兑换成功</h2>
      </Sheet>,
    );
    expect(await screen.findByRole('dialog', { name: '兑换成功' })).toBeTruthy();
  });

  it('shows nothing while closed', () => {
    render(
      <Sheet open={false} onClose={() => {}} label="礼包码">
        <p>x</p>
      </Sheet>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
