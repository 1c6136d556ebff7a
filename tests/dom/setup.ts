import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { EVENTUALLY_TIMEOUT_MS } from '../helpers/eventually.ts';

// Toasts load antd-mobile lazily (src/app/toast.ts); in jsdom that import can outlive the test file
// and fail after teardown. DOM tests record toasts instead (a test may vi.mock it with its own spy).
vi.mock('../../src/app/toast.ts', () => ({ showToast: vi.fn(), warmUpToast: vi.fn() }));

// findBy* and waitFor wait for what must happen; 1 s (the default) is no requirement (tests/helpers/eventually.ts).
configure({ asyncUtilTimeout: EVENTUALLY_TIMEOUT_MS });

afterEach(() => cleanup());

// antd (the staff console's kit) asks matchMedia for its responsive grid, sizes its text areas
// with ResizeObserver and reads pseudo-element styles for its scrollbars; jsdom has the first two
// not at all and the third throws for a pseudo-element.
if (typeof window !== 'undefined') {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;
  }
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudo?: string | null) => computed(element, pseudo ? undefined : pseudo);
}
