import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PULL_THRESHOLD_PX, PullToRefresh } from './PullToRefresh.tsx';

const touch = (clientY: number) => ({ touches: [{ clientY }] });

describe('PullToRefresh', () => {
  it('refreshes when pulled past the threshold from the top, not before', () => {
    const onRefresh = vi.fn();
    render(
      <PullToRefresh onRefresh={onRefresh} refreshing={false}>
        <p>列表</p>
      </PullToRefresh>,
    );
    const area = screen.getByText('列表').parentElement as HTMLElement;
    fireEvent.touchStart(area, touch(100));
    fireEvent.touchMove(area, touch(120));
    expect(screen.getByText('下拉刷新')).toBeTruthy();
    fireEvent.touchEnd(area);
    expect(onRefresh).not.toHaveBeenCalled();

    fireEvent.touchStart(area, touch(100));
    fireEvent.touchMove(area, touch(100 + PULL_THRESHOLD_PX * 2 + 10));
    expect(screen.getByText('释放立即刷新')).toBeTruthy();
    fireEvent.touchEnd(area);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('shows 刷新中… while refreshing', () => {
    render(
      <PullToRefresh onRefresh={() => {}} refreshing>
        <p>列表</p>
      </PullToRefresh>,
    );
    expect(screen.getByText('刷新中…')).toBeTruthy();
  });
});
