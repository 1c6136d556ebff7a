import { describe, expect, it } from 'vitest';
import { claimStart } from './bundle-guard.ts';

/** Which build may start the app once boot-check.js has marked <html data-bundle>. */
describe('claimStart', () => {
  const root = (bundle?: string) => {
    const element = document.createElement('html');
    if (bundle) element.setAttribute('data-bundle', bundle);
    return element;
  };

  it('starts the build boot-check chose, once, and marks data-started', () => {
    const element = root('legacy');
    expect(claimStart('modern', element)).toBe(false);
    expect(claimStart('legacy', element)).toBe(true);
    expect(element.getAttribute('data-started')).toBe('legacy');
    expect(claimStart('legacy', element)).toBe(false);
  });

  it('starts nothing below the minimum (data-bundle none)', () => {
    const element = root('none');
    expect(claimStart('modern', element)).toBe(false);
    expect(claimStart('legacy', element)).toBe(false);
    expect(element.hasAttribute('data-started')).toBe(false);
  });

  it('without a mark (the development server, tests) the first build starts', () => {
    const element = root();
    expect(claimStart('modern', element)).toBe(true);
    expect(claimStart('legacy', element)).toBe(false);
  });
});
