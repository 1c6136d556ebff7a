import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types (scripts/syntax-check.mjs)
import { checkSource, chunksOf, TARGETS } from '../../scripts/syntax-check.mjs';
import { envFallbacks } from '../../vite.legacy.config.ts';

type Check = (source: string, target: unknown, options?: { module?: boolean }) => string[];
const check = checkSource as Check;

/** scripts/syntax-check.mjs: each build's chunks against the browser minimum they are for. */
describe('syntax check', () => {
  it('passes what Chromium 66 parses, names what it does not (with the first Chromium that does)', () => {
    const fine = 'export const a = async function* () { for await (const x of y) yield { ...x }; }; try { f(); } catch { g(); } import("./b.js"); import.meta.url; /(?<year>\\d{4})/s.exec("");';
    expect(check(fine, TARGETS.legacy)).toEqual([]);
    const cases: [string, RegExp][] = [
      ['a?.b;', /optional chaining \(\?\.\) \(Chromium 80/],
      ['a ?? b;', /nullish coalescing/],
      ['1n;', /BigInt literal \(Chromium 67/],
      ['export * as ns from "./x.js";', /export \* as name \(Chromium 72/],
      ['1_000;', /numeric separator/],
      ['a ||= b;', /logical assignment/],
      ['class A { x = 1; }', /class field/],
      ['class A { #x; m() { return #x in this; } }', /#x in object/],
      ['class A { static { } }', /static block/],
      ['await x;', /top-level await/],
      ['/a/d;', /RegExp d flag/],
    ];
    for (const [source, problem] of cases) expect(check(source, TARGETS.legacy).join('\n'), source).toMatch(problem);
  });

  it('holds the modern build to Chromium 80 / Safari 14: ?. and ?? pass, newer syntax does not', () => {
    expect(check('a?.b ?? c; 1n;', TARGETS.modern)).toEqual([]);
    expect(check('a ||= b;', TARGETS.modern)[0]).toMatch(/Chromium 85/);
    expect(check('class A { x = 1 }', TARGETS.modern)[0]).toMatch(/Safari 14\.1/);
    expect(check('for await (const x of y) {}', TARGETS.modern)[0]).toMatch(/top-level await/);
    expect(check('async function f() { for await (const x of y) {} await z; }', TARGETS.modern)).toEqual([]);
  });

  it('holds the boot scripts to ES5', () => {
    expect(check('var a = function () { return 1; };', 'es5')).toEqual([]);
    for (const source of ['let a = 1;', 'var f = () => 1;', 'var s = `x`;', 'try {} catch {}']) expect(check(source, 'es5')[0], source).toMatch(/not ES5/);
  });

  it('finds the chunks of a build folder with their targets, and fails on a modern chunk in legacy/', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'syntax-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      mkdirSync(path.join(dist, 'legacy'));
      writeFileSync(path.join(dist, 'assets', 'index-a.js'), 'export const x = a?.b;');
      writeFileSync(path.join(dist, 'assets', 'boot-check-b.js'), 'var x = 1;');
      writeFileSync(path.join(dist, 'legacy', 'entry.js'), 'export const x = a == null ? void 0 : a.b;');
      expect(chunksOf(dist)).toEqual([
        { file: 'assets/boot-check-b.js', target: 'es5' },
        { file: 'assets/index-a.js', target: 'modern' },
        { file: 'legacy/entry.js', target: 'legacy' },
      ]);
      const script = path.resolve('scripts/syntax-check.mjs');
      const ok = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
      expect(ok.status, ok.stdout).toBe(0);
      expect(ok.stdout).toContain('3 passed, 0 failed');
      writeFileSync(path.join(dist, 'legacy', 'page-c.js'), 'export const y = a?.b;');
      const failed = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
      expect(failed.status).toBe(1);
      expect(failed.stdout).toMatch(/FAIL legacy\/page-c\.js \(legacy\):\n {2}optional chaining/);
      expect(failed.stdout).toContain('3 passed, 1 failed');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('envFallbacks (legacy CSS)', () => {
  it('puts a copy without env() before each declaration using it', () => {
    expect(envFallbacks('.a{color:red;padding:4px calc(20px + env(safe-area-inset-bottom,0px))}')).toBe(
      '.a{color:red;padding:4px calc(20px + 0px);padding:4px calc(20px + env(safe-area-inset-bottom,0px))}',
    );
    expect(envFallbacks('.b{padding-top:env(safe-area-inset-top)}')).toBe('.b{padding-top:0px;padding-top:env(safe-area-inset-top)}');
  });

  it('changes nothing without env(), and never leaves env() in the copy', () => {
    const value = fc.array(fc.constantFrom('4px', 'calc(1px + 2px)', 'var(--x)', 'env(safe-area-inset-top,0px)', 'env(safe-area-inset-left)', 'red'), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('padding', 'margin-top', 'top'), value), { minLength: 1, maxLength: 4 }), (declarations) => {
        const css = `.x{${declarations.map(([property, v]) => `${property}:${v}`).join(';')}}`;
        const out = envFallbacks(css);
        if (!css.includes('env(')) expect(out).toBe(css);
        const body = out.slice(3, -1).split(';');
        expect(body).toHaveLength(declarations.length + declarations.filter(([, v]) => v.includes('env(')).length);
        let i = 0;
        for (const [property, v] of declarations) {
          if (v.includes('env(')) {
            expect(body[i]!.startsWith(`${property}:`)).toBe(true);
            expect(body[i++]).not.toContain('env(');
          }
          expect(body[i++]).toBe(`${property}:${v}`);
        }
      }),
    );
  });
});
