import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyImage } from './LazyImage.tsx';

describe('LazyImage', () => {
  it('reserves its box, loads lazily and fades in once loaded', () => {
    const { container } = render(<LazyImage src="/art/icon/g1v1.svg" alt="仙剑奇缘" width={60} height={60} />);
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.aspectRatio).toBe('60 / 60');
    const img = screen.getByAltText('仙剑奇缘');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('width')).toBe('60');
    expect(img.className).not.toContain('--loaded');
    fireEvent.load(img);
    expect(img.className).toContain('lazy-image__img--loaded');
  });

  it('the eager image (the first banner) is fetched at high priority and shown without waiting for a fade', () => {
    render(<LazyImage src="/art/banner/g1v1.svg" alt="偶像物语" width={750} height={422} eager />);
    const img = screen.getByAltText('偶像物语');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('decoding')).toBe('sync');
    expect(img.className).toContain('lazy-image__img--loaded');
  });

  it('keeps the placeholder box without a source', () => {
    const { container } = render(<LazyImage src="" alt="" width={750} height={422} />);
    expect(container.querySelector('img')).toBeNull();
    expect((container.firstElementChild as HTMLElement).style.aspectRatio).toBe('750 / 422');
  });

  it('gets its source only once near the screen (one shared IntersectionObserver), and stops watching when unmounted', async () => {
    const observed = new Set<Element>();
    let report: ((entries: Array<{ target: Element; isIntersecting: boolean }>) => void) | null = null;
    const inits: IntersectionObserverInit[] = [];
    class FakeObserver {
      constructor(callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void, init: IntersectionObserverInit) {
        report = callback;
        inits.push(init);
      }
      observe(element: Element) {
        observed.add(element);
      }
      unobserve(element: Element) {
        observed.delete(element);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.resetModules();
    try {
      const { LazyImage: Fresh } = await import('./LazyImage.tsx');
      const { unmount } = render(
        <>
          <Fresh src="/art/icon/g1v1.svg" alt="近" width={60} height={60} />
          <Fresh src="/art/icon/g2v1.svg" alt="远" width={60} height={60} />
          <Fresh src="/art/banner/g3v1.svg" alt="横幅" width={750} height={422} eager />
        </>,
      );
      expect(inits).toEqual([expect.objectContaining({ rootMargin: '400px 0px' })]);
      // The eager banner is not watched: it has its source from the start.
      expect(observed.size).toBe(2);
      expect(screen.getByAltText('横幅').getAttribute('src')).toBe('/art/banner/g3v1.svg');
      expect(screen.getByAltText('近').hasAttribute('src')).toBe(false);
      const near = screen.getByAltText('近').parentElement!;
      act(() => report!([{ target: near, isIntersecting: true }]));
      expect(screen.getByAltText('近').getAttribute('src')).toBe('/art/icon/g1v1.svg');
      expect(screen.getByAltText('远').hasAttribute('src')).toBe(false);
      expect(observed.size).toBe(1);
      unmount();
      expect(observed.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
