import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { prefetchGroup, WARM_UP_ELEMENT_ID, warmUpFiles } from './warm-up.ts';

const LIST = JSON.stringify({
  login: ['/assets/LoginOverlay-a1.js', '/assets/LoginOverlay-b2.css', '/assets/mask-c3.js'],
  toast: ['/assets/toast-d4.js', '/assets/mask-c3.js'],
});

function installList(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = WARM_UP_ELEMENT_ID;
  element.textContent = text;
  document.body.appendChild(element);
}

afterEach(() => {
  document.getElementById(WARM_UP_ELEMENT_ID)?.remove();
  document.head.querySelectorAll('link[rel="prefetch"]').forEach((link) => link.remove());
});

describe('warm-up', () => {
  it('reads a group of index.html\'s list', () => {
    expect(warmUpFiles(LIST, 'login')).toEqual(['/assets/LoginOverlay-a1.js', '/assets/LoginOverlay-b2.css', '/assets/mask-c3.js']);
    expect(warmUpFiles(LIST, 'toast')).toEqual(['/assets/toast-d4.js', '/assets/mask-c3.js']);
  });

  it('gives nothing to fetch for a missing or malformed list, and keeps only same-origin asset paths', () => {
    expect(warmUpFiles(null, 'login')).toEqual([]);
    expect(warmUpFiles('', 'login')).toEqual([]);
    expect(warmUpFiles('{"login":', 'login')).toEqual([]);
    expect(warmUpFiles('["/assets/a.js"]', 'login')).toEqual([]);
    expect(warmUpFiles('{"login":"/assets/a.js"}', 'login')).toEqual([]);
    expect(warmUpFiles(JSON.stringify({ login: ['//evil.example/a.js', 'https://evil.example/a.js', '/assets/../x.js', 'javascript:alert(1)', '/assets/a.js', 7, null, '/assets/a.js'] }), 'login')).toEqual(['/assets/a.js']);
  });

  it('never throws, and answers only /assets/ paths, whatever the list holds', () => {
    const group = fc.constantFrom('login' as const, 'toast' as const);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => JSON.stringify({ login: value, toast: value }))), group, (text, name) => {
        const files = warmUpFiles(text, name);
        expect(files.every((file) => /^\/assets\/[\w.-]+\.(js|css)$/.test(file) && !file.includes('..'))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('warms nothing in the legacy build (the list names the modern build\'s files)', () => {
    installList(LIST);
    const before = document.head.querySelectorAll('link[rel="prefetch"]').length;
    expect(prefetchGroup('login', document, 'legacy')).toBe(0);
    expect(document.head.querySelectorAll('link[rel="prefetch"]').length).toBe(before);
  });

  it('adds a low-priority prefetch per file, once each across groups (module scripts in cors mode)', () => {
    installList(LIST);
    expect(prefetchGroup('login')).toBe(3);
    expect(prefetchGroup('toast')).toBe(1);
    expect(prefetchGroup('login')).toBe(0);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/LoginOverlay-a1.js', '/assets/LoginOverlay-b2.css', '/assets/mask-c3.js', '/assets/toast-d4.js']);
    expect(links.map((link) => link.getAttribute('crossorigin'))).toEqual(['', null, '', '']);
  });
});
