import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox.tsx';
import { Tabs } from './Tabs.tsx';

describe('Tabs', () => {
  it('is a tablist: one selected tab, a tap reports its key, panelId ties tabs to the panel', () => {
    const onChange = vi.fn();
    render(<Tabs tabs={[{ key: 'a', label: '全部' }, { key: 'b', label: '待支付' }]} value="a" onChange={onChange} label="订单状态" panelId="p" />);
    expect(screen.getByRole('tablist', { name: '订单状态' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '待支付' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tab', { name: '待支付' }).id).toBe('p-tab-b');
    expect(screen.getByRole('tab', { name: '待支付' }).getAttribute('aria-controls')).toBe('p');
    fireEvent.click(screen.getByRole('tab', { name: '待支付' }));
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('Checkbox', () => {
  it('keeps a real checkbox in the accessibility tree; a tap reports the new value', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <Checkbox checked={false} onChange={onChange}>
        我已阅读并同意
      </Checkbox>,
    );
    const box = screen.getByRole('checkbox', { name: '我已阅读并同意' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
    rerender(
      <Checkbox checked onChange={onChange} invalid>
        我已阅读并同意
      </Checkbox>,
    );
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });
});
