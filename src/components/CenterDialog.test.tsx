import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CenterDialog } from './CenterDialog.tsx';

describe('CenterDialog', () => {
  it('is a labelled modal dialog with the focus inside; Escape calls onClose, the mask does not by default', async () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">打开</button>
        <CenterDialog open onClose={onClose} label="首充福利" className="inside" dataState="offer">
          <button type="button">立即首充</button>
        </CenterDialog>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: '首充福利' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.className).toBe('inside');
    expect(dialog.getAttribute('data-state')).toBe('offer');
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(document.querySelector('.adm-mask-aria-button')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a mask tap when maskClosable', async () => {
    const onClose = vi.fn();
    render(
      <CenterDialog open onClose={onClose} label="清除缓存" maskClosable>
        <p>x</p>
      </CenterDialog>,
    );
    await screen.findByRole('dialog', { name: '清除缓存' });
    fireEvent.click(document.querySelector('.adm-mask-aria-button')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('names itself by a heading inside when given its id', async () => {
    render(
      <CenterDialog open onClose={() => {}} labelledBy="t">
        <h2 id="t">游戏评价</h2>
      </CenterDialog>,
    );
    expect(await screen.findByRole('dialog', { name: '游戏评价' })).toBeTruthy();
  });

  it('shows nothing while closed', () => {
    render(
      <CenterDialog open={false} onClose={() => {}} label="首充福利">
        <p>x</p>
      </CenterDialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
