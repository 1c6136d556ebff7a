import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * src/boot/boot-check.js's decision, run in a fresh V8 context with a stand-in document: which
 * build (data-bundle) and which scripts it writes, for the user agents and features of the
 * browsers around the minimum (Chromium 66, Safari 14; docs/decisions.md "Old Android WebViews").
 */
const SOURCE = readFileSync(path.resolve('src/boot/boot-check.js'), 'utf8');
const ADDRESSES: Record<string, string> = {
  'data-polyfills': '/assets/boot-polyfills-a.js',
  'data-unsupported': '/assets/boot-unsupported-b.js',
  'data-legacy': '/legacy/entry.js',
};
const UA = {
  chrome120: 'Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36',
  chrome79: 'Mozilla/5.0 (Linux; Android 10; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/79.0.3945.136 Mobile Safari/537.36',
  chrome66: 'Mozilla/5.0 (Linux; Android 9; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.158 Mobile Safari/537.36',
  chrome65: 'Mozilla/5.0 (Linux; Android 8.1; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/65.0.3325.109 Mobile Safari/537.36',
  safari14: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (Android 10; Mobile; rv:70.0) Gecko/70.0 Firefox/70.0',
};

interface Run {
  bundle: string | null;
  written: string[];
  appended: { type?: string; src?: string }[];
  policies: string[];
  /** An `error` event on window with an error made in the page's realm (instanceof holds there). */
  fireError(kind: 'SyntaxError' | 'TypeError', filename: string): void;
  started(bundle: string): void;
}

/** Runs boot-check.js; `drop` deletes built-ins first (a browser that lacks them). */
function boot(userAgent: string, { drop = [] as string[], modules = true, trustedTypes = false } = {}): Run {
  const attributes = new Map<string, string>();
  const written: string[] = [];
  const appended: { type?: string; src?: string }[] = [];
  const policies: string[] = [];
  const listeners: ((event: unknown) => void)[] = [];
  const document = {
    currentScript: { getAttribute: (name: string) => ADDRESSES[name] ?? null },
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value), getAttribute: (name: string) => attributes.get(name) ?? null },
    createElement: (tag: string) => (tag === 'script' && modules ? { noModule: false } : {}),
    write: (html: unknown) => written.push(String(html)),
    body: { appendChild: (node: { type?: string; src?: string }) => appended.push(node) },
  };
  const context = vm.createContext({
    navigator: { userAgent },
    document,
    fetch() {},
    AbortController: class {},
    IntersectionObserver: class {},
    structuredClone() {},
    crypto: { randomUUID() {}, getRandomValues() {} },
    addEventListener: (type: string, listener: (event: unknown) => void) => type === 'error' && listeners.push(listener),
    removeEventListener: (_type: string, listener: (event: unknown) => void) => listeners.splice(listeners.indexOf(listener), 1),
    ...(trustedTypes ? { trustedTypes: { createPolicy: (name: string, rules: { createHTML(html: string): string }) => (policies.push(name), { createHTML: (html: string) => `trusted:${rules.createHTML(html)}` }) } } : {}),
  });
  vm.runInContext(`var window = globalThis; ${drop.map((name) => `delete ${name};`).join(' ')}`, context);
  vm.runInContext(SOURCE, context);
  return {
    get bundle() {
      return attributes.get('data-bundle') ?? null;
    },
    written,
    appended,
    policies,
    fireError: (kind, filename) => {
      const error = vm.runInContext(`new ${kind}('x')`, context) as unknown;
      for (const listener of [...listeners]) listener({ error, filename });
    },
    started: (bundle) => attributes.set('data-started', bundle),
  };
}

const script = (src: string, module = false) => `<script${module ? ' type="module"' : ''} src="${src}"></script>`;

describe('boot-check.js', () => {
  it('a current Chromium with every API: the modern build, nothing written', () => {
    const run = boot(UA.chrome120);
    expect(run.bundle).toBe('modern');
    expect(run.written).toEqual([]);
  });

  it('Chromium 66-79: the legacy build, with the polyfills first where an API lacks', () => {
    const run = boot(UA.chrome79, { drop: ['window.structuredClone', 'window.crypto.randomUUID'] });
    expect(run.bundle).toBe('legacy');
    expect(run.written).toEqual([script(ADDRESSES['data-polyfills']!), script(ADDRESSES['data-legacy']!, true)]);
    expect(boot(UA.chrome66, { drop: ['window.structuredClone'] }).bundle).toBe('legacy');
  });

  it('a Chromium of 80+ missing structuredClone (80-97) or randomUUID (outside a secure context) gets the polyfills with the modern build', () => {
    for (const drop of [['window.structuredClone'], ['window.crypto.randomUUID']]) {
      const run = boot(UA.chrome120, { drop });
      expect(run.bundle).toBe('modern');
      expect(run.written).toEqual([script(ADDRESSES['data-polyfills']!)]);
    }
  });

  it('below the minimum: the message page and nothing else, whether the user agent or a missing feature says so', () => {
    for (const run of [
      boot(UA.chrome65),
      boot(UA.chrome120, { drop: ['window.AbortController'] }),
      boot(UA.chrome120, { drop: ['String.prototype.trimStart'] }),
      boot(UA.chrome120, { drop: ['Promise.prototype.finally'] }),
      boot(UA.chrome120, { drop: ['window.IntersectionObserver'] }),
      boot(UA.chrome120, { drop: ['window.fetch'] }),
      boot(UA.chrome120, { modules: false }),
      boot(UA.safari14, { drop: ['Promise.any'] }),
    ]) {
      expect(run.bundle).toBe('none');
      expect(run.written).toEqual([script(ADDRESSES['data-unsupported']!)]);
    }
  });

  it('Safari 14: the modern build (Promise.any is its mark), the polyfills for structuredClone', () => {
    const run = boot(UA.safari14, { drop: ['window.structuredClone'] });
    expect(run.bundle).toBe('modern');
    expect(run.written).toEqual([script(ADDRESSES['data-polyfills']!)]);
  });

  it('an engine without String.prototype.matchAll and no Chromium mark gets the legacy build', () => {
    expect(boot(UA.firefox, { drop: ['String.prototype.matchAll'] }).bundle).toBe('legacy');
  });

  it('with Trusted Types, what it writes goes through its own policy, "boot-check"', () => {
    const run = boot(UA.chrome120, { drop: ['window.structuredClone'], trustedTypes: true });
    expect(run.policies).toEqual(['boot-check']);
    expect(run.written).toEqual([`trusted:${script(ADDRESSES['data-polyfills']!)}`]);
  });

  it("the modern entry's SyntaxError switches to the legacy build once, unless the app started", () => {
    const run = boot(UA.chrome120);
    run.fireError('TypeError', 'https://x/assets/index-a.js');
    run.fireError('SyntaxError', 'https://x/legacy/entry.js');
    expect(run.appended).toEqual([]);
    expect(run.bundle).toBe('modern');
    run.fireError('SyntaxError', 'https://x/assets/index-a.js');
    expect(run.bundle).toBe('legacy');
    expect(run.appended).toEqual([expect.objectContaining({ type: 'module', src: '/legacy/entry.js' })]);
    run.fireError('SyntaxError', 'https://x/assets/index-a.js');
    expect(run.appended).toHaveLength(1);

    const started = boot(UA.chrome120);
    started.started('modern');
    started.fireError('SyntaxError', 'https://x/assets/page-a.js');
    expect(started.appended).toEqual([]);
    expect(started.bundle).toBe('modern');
  });
});
