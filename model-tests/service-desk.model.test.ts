import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { serviceDeskMachine } from '../machines/service-desk.machine.ts';
import type { DeskContext } from '../machines/service-desk.types.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { replayPath, summarizePath } from './replay.ts';
import { DESK_INPUT, getServiceDeskPaths, SERVICE_DESK_CALLS, SERVICE_DESK_NOT_ON_PATHS } from './service-desk.paths.ts';

const started = performance.now();
const paths = getServiceDeskPaths();
const generatedIn = Math.round(performance.now() - started);
const runtime = createCoverageRecorder(serviceDeskMachine);

describe('service-desk: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(serviceDeskMachine, paths);
    console.log(`service-desk: ${paths.length} paths (generated in ${generatedIn} ms), ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    // The running actor below takes what SERVICE_DESK_NOT_ON_PATHS names.
    expect(unexplained(report, SERVICE_DESK_NOT_ON_PATHS)).toEqual([]);
  });

  it.each(paths.map((path, index) => [`#${index + 1} ${summarizePath(path)}`, path] as const))('replays %s', async (_, path) => {
    const notified: string[] = [];
    let connections = 0;
    await replayPath(serviceDeskMachine, path, {
      calls: SERVICE_DESK_CALLS,
      input: DESK_INPUT,
      recorder: runtime,
      // The live connection is the console's (desk-connection.ts); here its events come from the path.
      actors: { connection: fromCallback(() => void (connections += 1)) },
      actions: { notify: (_: unknown, params: { text: string }) => void notified.push(params.text) },
      check: ({ snapshot, isPending }) => {
        const { open, picture, actionId } = snapshot.context as DeskContext;
        // One connection for the desk's whole life.
        expect(connections).toBe(1);
        // Messages stay unique and in id order whatever arrives in whatever order.
        const ids = open?.messages.map((m) => m.id) ?? [];
        expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
        // The list is loading exactly while its call runs; so are the conversation's calls.
        expect(isPending('loadList')).toBe(snapshot.matches({ list: 'loading' }));
        expect(isPending('loadConversation')).toBe(snapshot.matches({ conversation: { open: { load: 'loading' } } }));
        expect(isPending('loadOlder')).toBe(snapshot.matches({ conversation: { open: { older: 'loading' } } }));
        // A picture is pending exactly while a conversation shows its upload, its sending or its failure.
        expect(picture !== null).toBe(snapshot.matches({ conversation: 'open' }) && !snapshot.matches({ conversation: { open: { picture: 'none' } } }));
        expect(isPending('upload')).toBe(snapshot.matches({ conversation: { open: { picture: 'uploading' } } }));
        // One action at a time, for the conversation it was started on.
        expect(actionId !== null).toBe(!snapshot.matches({ action: 'idle' }));
        expect(isPending('take') || isPending('reply') || isPending('close')).toBe(actionId !== null);
        expect(notified.every((text) => text !== '')).toBe(true);
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`service-desk at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
