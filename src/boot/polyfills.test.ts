import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * src/boot/polyfills.js against the engine's own implementations: it runs in a fresh V8 context
 * whose built-ins are deleted first (as in a Chromium 66 WebView), then the same calls go to the
 * polyfill and to the native function of this Node.
 */
const SOURCE = readFileSync(path.resolve('src/boot/polyfills.js'), 'utf8');

interface Polyfilled {
  run<T>(code: string): T;
  global: Record<string, unknown>;
}

function polyfilled(): Polyfilled {
  const context = vm.createContext({});
  const run = <T>(code: string): T => vm.runInContext(code, context) as T;
  run(`
    var window = globalThis;
    delete Array.prototype.at; delete String.prototype.at; delete Array.prototype.flat; delete Array.prototype.flatMap;
    delete Object.hasOwn; delete Object.fromEntries; delete String.prototype.replaceAll; delete Promise.allSettled;
    delete globalThis.structuredClone; delete globalThis.queueMicrotask;
    var crypto = { getRandomValues: function (a) { for (var i = 0; i < a.length; i++) a[i] = Math.floor(Math.random() * 256); return a; } };
  `);
  run(SOURCE);
  return { run, global: run('window') };
}

const json = fc.jsonValue();

describe('polyfills.js', () => {
  const p = polyfilled();
  // Values cross contexts: compare as JSON (arrays and objects of another realm are not toEqual's).
  const inPage = <T>(code: string, ...args: unknown[]): T => {
    const fn = p.run<(...a: unknown[]) => unknown>(`(function () { return ${code}; })`);
    return JSON.parse(JSON.stringify(fn(...args.map((arg) => p.run<(t: string) => unknown>('JSON.parse')(JSON.stringify(arg)))) ?? null)) as T;
  };

  it('defines what was deleted, non-enumerable like the built-ins', () => {
    expect(p.run('[typeof [].at, typeof "".at, typeof [].flat, typeof [].flatMap, typeof Object.hasOwn, typeof Object.fromEntries, typeof "".replaceAll, typeof Promise.allSettled, typeof structuredClone, typeof queueMicrotask, typeof crypto.randomUUID].join()')).toBe(
      Array(11).fill('function').join(),
    );
    expect(p.run('Object.keys(Array.prototype).length + Object.keys(String.prototype).length')).toBe(0);
  });

  it('Array.prototype.at and String.prototype.at answer as the built-ins', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: -40, max: 40 }), fc.string(), (list, index, text) => {
        expect(inPage<number | null>('arguments[0].at(arguments[1])', list, index)).toEqual(list.at(index) ?? null);
        expect(inPage<string | null>('arguments[0].at(arguments[1])', text, index)).toEqual(text.at(index) ?? null);
      }),
    );
  });

  it('flat and flatMap answer as the built-ins', () => {
    const nested = fc.letrec((tie) => ({ item: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.array(tie('item'), { maxLength: 4 })) })).item;
    fc.assert(
      fc.property(fc.array(nested, { maxLength: 6 }), fc.integer({ min: 0, max: 4 }), (list, depth) => {
        expect(inPage('arguments[0].flat(arguments[1])', list, depth)).toEqual((list as unknown[]).flat(depth));
        expect(inPage('arguments[0].flat()', list)).toEqual((list as unknown[]).flat());
        expect(inPage('arguments[0].flatMap(function (x) { return [x, [x]]; })', list)).toEqual((list as unknown[]).flatMap((x) => [x, [x]]));
      }),
    );
  });

  it('Object.hasOwn and Object.fromEntries answer as the built-ins', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.integer()), fc.string(), (object, key) => {
        expect(inPage('Object.hasOwn(arguments[0], arguments[1])', object, key)).toBe(Object.hasOwn(object, key));
        const entries = Object.entries(object);
        expect(inPage('Object.fromEntries(arguments[0])', entries)).toEqual(Object.fromEntries(entries));
      }),
    );
    expect(() => p.run('Object.hasOwn(null, "a")')).toThrow(/null or undefined/);
    // The key fast-check found: assigning it would set the prototype instead of an own property.
    expect(p.run('JSON.stringify(Object.fromEntries([["__proto__", 1], ["a", 2]]))')).toBe('{"__proto__":1,"a":2}');
  });

  it('String.prototype.replaceAll answers as the built-in, $-patterns and empty searches included', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '.', '$', '&', '`', "'", '1') , maxLength: 12 });
    fc.assert(
      fc.property(text, text, text, (subject, search, replacement) => {
        expect(inPage('arguments[0].replaceAll(arguments[1], arguments[2])', subject, search, replacement)).toBe(subject.replaceAll(search, replacement));
        expect(inPage('arguments[0].replaceAll(arguments[1], function (m, at) { return "<" + m + at + ">"; })', subject, search)).toBe(
          subject.replaceAll(search, (m, at: number) => `<${m}${at}>`),
        );
      }),
    );
    expect(p.run('"a-b-c".replaceAll(/-/g, "+")')).toBe('a+b+c');
    expect(() => p.run('"a-b".replaceAll(/-/, "+")')).toThrow(/global RegExp/);
  });

  it('Promise.allSettled settles every item in order', async () => {
    const settled = await p.run<Promise<unknown[]>>('Promise.allSettled([1, Promise.reject("no"), Promise.resolve(3)])');
    expect(JSON.parse(JSON.stringify(settled))).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: 'no' },
      { status: 'fulfilled', value: 3 },
    ]);
  });

  it('structuredClone copies plain data deeply (cycles, dates, maps, sets) and refuses functions', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(inPage('structuredClone(arguments[0])', value)).toEqual(JSON.parse(JSON.stringify(structuredClone(value))));
      }),
    );
    const checks = p.run<string>(`(function () {
      var a = { d: new Date(5), m: new Map([[1, { x: 1 }]]), s: new Set([1, 2]), u: new Uint8Array([1, 2]) }; a.self = a;
      var b = structuredClone(a);
      return [b !== a, b.self === b, b.d.getTime() === 5 && b.d !== a.d, b.m.get(1).x === 1 && b.m.get(1) !== a.m.get(1), b.s.has(2), b.u[1] === 2 && b.u !== a.u].join();
    })()`);
    expect(checks).toBe('true,true,true,true,true,true');
    expect(() => p.run('structuredClone({ f: function () {} })')).toThrow(/could not be cloned/);
  });

  it('crypto.randomUUID gives version-4 UUIDs', () => {
    for (let i = 0; i < 50; i++) expect(p.run('crypto.randomUUID()')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('queueMicrotask runs the callback in a microtask', async () => {
    const order = p.run<() => Promise<string>>(`(function () { var seen = []; queueMicrotask(function () { seen.push('micro'); }); seen.push('sync'); return Promise.resolve().then(function () { return seen.join(); }); })`);
    expect(await order()).toBe('sync,micro');
  });

  it('leaves a built-in that exists alone', () => {
    const context = vm.createContext({});
    vm.runInContext('var window = globalThis; var crypto = {}; var before = Array.prototype.at;', context);
    vm.runInContext(SOURCE, context);
    expect(vm.runInContext('Array.prototype.at === before', context)).toBe(true);
  });
});
