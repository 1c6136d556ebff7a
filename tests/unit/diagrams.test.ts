import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, assign, createMachine, fromPromise, not, or, setup, StateMachine, stateIn, type AnyStateMachine } from 'xstate';
import { MACHINES } from '../../machines/registry.ts';
import { DIAGRAM_DIR, generateDiagramFiles } from '../../scripts/diagram-files.ts';
import { descendantsOf, guardName, readChart } from '../../src/app/diagram/chart.ts';
import { activeStateIds, machineLayout, machineSvg } from '../../src/app/diagram/diagram.ts';
import { toMermaid } from '../../src/app/diagram/mermaid.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A chart with every feature the writers handle: parallel, final, named and numeric delays, composite guards, root and eventless transitions. */
const sample = setup({
  types: { events: {} as { type: 'go' } | { type: 'stop' } | { type: 'finish' } },
  guards: { ready: () => true, blocked: () => false },
  delays: { tick: 1000 },
  actors: { load: fromPromise(async () => 1) },
  actions: { count: assign({}) },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  on: { stop: '.done' },
  states: {
    idle: {
      on: { go: [{ guard: and(['ready', not('blocked')]), target: 'busy' }, { actions: 'count' }] },
      after: { 500: 'busy' },
    },
    busy: {
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: { after: { tick: { target: 'b', reenter: true } } }, b: { always: 'a' } } },
        right: { initial: 'x', states: { x: { invoke: { id: 'load', src: 'load', onDone: 'y', onError: 'x' } }, y: {} } },
      },
      on: { finish: 'done' },
    },
    done: { type: 'final' },
  },
});

describe('diagrams: docs/diagrams is what the machines generate', () => {
  const files = generateDiagramFiles();

  it('every committed diagram is up to date (run `npm run diagrams` and commit when this fails)', () => {
    const stale = [...files].filter(([file, content]) => {
      const target = path.join(root, DIAGRAM_DIR, file);
      return !existsSync(target) || readFileSync(target, 'utf8') !== content;
    });
    expect(stale.map(([file]) => file)).toEqual([]);
  });

  it('docs/diagrams holds no diagram of a machine the registry no longer lists', () => {
    const committed = readdirSync(path.join(root, DIAGRAM_DIR)).filter((file) => /\.(mmd|svg)$/.test(file));
    expect(committed.filter((file) => !files.has(file))).toEqual([]);
  });

  it('generates the same bytes every time', () => {
    expect([...generateDiagramFiles()]).toEqual([...files]);
  });

  it('draws every registered machine, two files each, and indexes them', () => {
    for (const entry of MACHINES) {
      expect(files.get(`${entry.name}.mmd`)).toContain('stateDiagram-v2');
      expect(files.get(`${entry.name}.svg`)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(files.get('README.md')).toContain(`(${entry.name}.svg)`);
    }
    expect(new Set(MACHINES.map((entry) => entry.name)).size).toBe(MACHINES.length);
  });
});

describe('registry: every machines/*.machine.ts is listed in machines/registry.ts', () => {
  const machineFiles = readdirSync(path.join(root, 'machines')).filter((file) => file.endsWith('.machine.ts'));

  it.each(machineFiles)('%s', async (file) => {
    const module = (await import(path.join(root, 'machines', file))) as Record<string, unknown>;
    const machines = Object.values(module).filter((value): value is AnyStateMachine => value instanceof StateMachine);
    const factories = Object.entries(module).filter(([name, value]) => typeof value === 'function' && /^create\w*Machine$/.test(name));
    expect(machines.length + factories.length, `${file} exports no machine`).toBeGreaterThan(0);
    for (const machine of machines) {
      expect(
        MACHINES.some((entry) => entry.machine.id === machine.id),
        `add ${machine.id} (${file}) to machines/registry.ts`,
      ).toBe(true);
    }
    for (const [name, factory] of factories) {
      const built = (factory as (id: string) => AnyStateMachine)('probe');
      const shape = JSON.stringify(Object.keys(built.root.states));
      expect(
        MACHINES.some((entry) => entry.create && JSON.stringify(Object.keys(entry.machine.root.states)) === shape),
        `add ${name} (${file}) to machines/registry.ts with create/machineIds`,
      ).toBe(true);
    }
  });
});

describe('chart reader and writers', () => {
  it('labels delays with their name and value, guards by name, and keeps definition order', () => {
    const chart = readChart(sample);
    const idle = chart.states.get('sample.idle')!;
    expect(idle.transitions.map((transition) => [transition.trigger, transition.guard, transition.targets])).toEqual([
      ['go', 'and(ready, not(blocked))', ['sample.busy']],
      ['go', null, []],
      ['after 500ms', null, ['sample.busy']],
    ]);
    const a = chart.states.get('sample.busy.left.a')!;
    expect(a.transitions[0]).toMatchObject({ trigger: 'after tick (1000ms)', kind: 'after', reenter: true, targets: ['sample.busy.left.b'] });
    expect(chart.states.get('sample.busy.left.b')!.transitions[0]).toMatchObject({ trigger: 'always', kind: 'always' });
    expect(chart.states.get('sample.busy.right.x')!.transitions.map((transition) => transition.trigger)).toEqual(['done.actor.load', 'error.actor.load']);
  });

  it('names guards the same in Node and in a minified build', () => {
    const composite = and(['ready', or([not('blocked'), { type: 'paid', params: { amount: 1 } }])]);
    Object.defineProperty(composite, 'name', { value: 't' }); // what a minifier leaves
    expect(guardName(composite)).toBe('and(ready, or(not(blocked), paid))');
    expect(guardName(stateIn({ signedIn: 'idle' }))).toBe('stateIn(signedIn.idle)');
    expect(guardName(function isReady() {
      return true;
    })).toBe('inline guard');
  });

  it('writes Mermaid with nested and parallel states, initial and final states and labelled transitions', () => {
    const text = toMermaid(readChart(sample));
    expect(text).toContain('[*] --> idle');
    expect(text).toContain('state "busy (parallel)" as busy {');
    expect(text).toMatch(/state "left" as busy__left \{[\s\S]*?\n {4}--\n {4}state "right" as busy__right \{/);
    expect(text).toContain('done --> [*]');
    expect(text).toContain('idle --> busy : go [and(ready, not(blocked))]');
    expect(text).toContain('idle --> busy : after 500ms');
    expect(text).toContain('busy__left__a --> busy__left__b : after tick (1000ms)');
    expect(text).toContain('busy__right__x --> busy__right__y : done.actor.load');
    expect(text).toContain('idle : go (stays)');
    // A transition of the machine into its own states leaves from a pseudo-state Mermaid can place.
    expect(text).toContain('machine__any --> done : stop');
  });

  it('lays boxes out without overlaps, children inside parents, one arrow per targeted transition', () => {
    for (const machine of [sample, ...MACHINES.map((entry) => entry.machine)]) {
      const layout = machineLayout(machine);
      const chart = readChart(machine);
      const byId = new Map(layout.boxes.map((box) => [box.id, box]));
      const all = [chart.root, ...descendantsOf(chart.root)];
      for (const parent of all) {
        const outer = byId.get(parent.id)!;
        for (const child of parent.children) {
          const box = byId.get(child.id)!;
          const inside = box.x >= outer.x && box.y >= outer.y && box.x + box.width <= outer.x + outer.width && box.y + box.height <= outer.y + outer.height;
          expect(inside, `${child.id} inside ${parent.id}`).toBe(true);
          for (const sibling of parent.children) {
            if (sibling === child) continue;
            const other = byId.get(sibling.id)!;
            const apart = box.x + box.width <= other.x || other.x + other.width <= box.x || box.y + box.height <= other.y || other.y + other.height <= box.y;
            expect(apart, `${child.id} and ${sibling.id} apart`).toBe(true);
          }
        }
      }
      const targeted = all.flatMap((state) => state.transitions.flatMap((transition) => transition.targets.filter((target) => target !== state.id)));
      expect(layout.edges).toHaveLength(targeted.length);
      expect(layout.width).toBeLessThan(1_600);
    }
  });

  it('highlights the states of a state value', () => {
    const ids = activeStateIds(sample, { busy: { left: 'a', right: 'x' } });
    expect(ids).toEqual(expect.arrayContaining(['sample.busy', 'sample.busy.left', 'sample.busy.left.a', 'sample.busy.right.x']));
    const svg = machineSvg(sample, new Set(ids));
    expect(svg.match(/data-active="true"/g)).toHaveLength(ids.length);
    expect(activeStateIds(sample, 'no-such-state')).toEqual([]);
  });

  it('escapes text and draws a machine without transitions', () => {
    const plain = createMachine({ id: 'a<b>&"c"', initial: 'only', states: { only: { description: '<script>' } } });
    const svg = machineSvg(plain);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(toMermaid(readChart(plain))).toContain('[*] --> only');
  });
});
