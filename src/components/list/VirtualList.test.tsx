import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_MOUNTED_ROWS, VirtualList, visibleWindow } from './VirtualList.tsx';

const ROW = 88;
const items = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `游戏 ${i + 1}` }));

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => scrollTo(0));

/** Puts every list at `top` px from the document's top (jsdom has no layout); counts the reads. */
function placeListAt(top: number) {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop')!;
  let reads = 0;
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.getAttribute('role') !== 'list') return 0;
      reads++;
      return top;
    },
  });
  return Object.assign(() => Object.defineProperty(HTMLElement.prototype, 'offsetTop', original), { reads: () => reads });
}

describe('VirtualList', () => {
  it('mounts only the visible rows plus overscan, never more than 60, while scrolling 500 rows', () => {
    const onEnd = vi.fn();
    render(<VirtualList items={items} rowHeight={ROW} getKey={(item) => String(item.id)} renderRow={(item) => <span>{item.name}</span>} onEndReached={onEnd} />);
    let most = 0;
    for (let y = 0; y <= 500 * ROW; y += 400) {
      scrollTo(y);
      const rows = screen.getAllByRole('listitem');
      most = Math.max(most, rows.length);
      expect(rows.length).toBeLessThanOrEqual(MAX_MOUNTED_ROWS);
    }
    expect(most).toBeGreaterThan(5);
    expect(screen.getByText('游戏 500')).toBeTruthy();
    expect(screen.queryByText('游戏 1')).toBeNull();
    expect(onEnd).toHaveBeenCalled();
  });

  it('places each row at its offset inside a spacer as tall as every row', () => {
    const { container } = render(<VirtualList items={items} rowHeight={ROW} getKey={(item) => String(item.id)} renderRow={(item) => item.name} />);
    const list = container.querySelector('[role="list"]') as HTMLElement;
    expect(list.style.height).toBe(`${500 * ROW}px`);
    scrollTo(100 * ROW);
    expect((screen.getByText('游戏 101').closest('[role="listitem"]') as HTMLElement).style.top).toBe(`${100 * ROW}px`);
  });

  it('asks for more only near the end', () => {
    const onEnd = vi.fn();
    render(<VirtualList items={items} rowHeight={ROW} getKey={(item) => String(item.id)} renderRow={(item) => item.name} onEndReached={onEnd} />);
    expect(onEnd).not.toHaveBeenCalled();
    scrollTo(495 * ROW);
    expect(onEnd).toHaveBeenCalled();
  });

  it('a list below the first screen mounts only the overscan rows and does not ask for more at start', () => {
    const onEnd = vi.fn();
    const restore = placeListAt(3000);
    try {
      render(<VirtualList items={items.slice(0, 20)} rowHeight={ROW} getKey={(item) => String(item.id)} renderRow={(item) => item.name} onEndReached={onEnd} />);
      expect(screen.getAllByRole('listitem')).toHaveLength(6);
      expect(onEnd).not.toHaveBeenCalled();
      // Scrolled down to it: its rows come in, and near its end it asks for more.
      scrollTo(3000 + 20 * ROW - 800);
      expect(screen.getByText('游戏 20')).toBeTruthy();
      expect(onEnd).toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it('reads no layout while scrolling (the list offset is measured after commits and resizes only)', () => {
    const restore = placeListAt(0);
    try {
      render(<VirtualList items={items} rowHeight={ROW} getKey={(item) => String(item.id)} renderRow={(item) => item.name} />);
      const before = restore.reads();
      for (let y = 0; y < 40 * ROW; y += 50) scrollTo(y);
      // Rows changed many times; each change commits, but scrolling itself measured nothing.
      expect(screen.getByText('游戏 40')).toBeTruthy();
      expect(restore.reads()).toBe(before);
    } finally {
      restore();
    }
  });

  it('computes the window from the scroll position', () => {
    // The list still below the screen: nothing visible, the overscan rows only.
    expect(visibleWindow({ count: 500, rowHeight: 100, scrollTop: -2000, viewportHeight: 800, overscan: 5 })).toEqual({ start: 0, end: 5 });
    // Its top 300 px inside the screen's bottom.
    expect(visibleWindow({ count: 500, rowHeight: 100, scrollTop: -500, viewportHeight: 800, overscan: 5 })).toEqual({ start: 0, end: 8 });
    expect(visibleWindow({ count: 500, rowHeight: 100, scrollTop: 1000, viewportHeight: 800, overscan: 5 })).toEqual({ start: 5, end: 23 });
    expect(visibleWindow({ count: 3, rowHeight: 100, scrollTop: 0, viewportHeight: 800, overscan: 5 })).toEqual({ start: 0, end: 3 });
    expect(visibleWindow({ count: 500, rowHeight: 10, scrollTop: 0, viewportHeight: 5000, overscan: 5 }).end).toBe(MAX_MOUNTED_ROWS);
    expect(visibleWindow({ count: 0, rowHeight: 100, scrollTop: 0, viewportHeight: 800, overscan: 5 })).toEqual({ start: 0, end: 0 });
  });
});
