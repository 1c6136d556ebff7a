import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
