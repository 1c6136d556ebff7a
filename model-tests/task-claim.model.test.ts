import { describe, expect, it } from 'vitest';
import { taskClaimMachine } from '../machines/task-claim.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage, unexplained } from './coverage.ts';
import { describeTaskClaimEvent, getTaskClaimPaths, TASK_CLAIM_CALLS, TASK_CLAIM_NOT_ON_PATHS } from './task-claim.paths.ts';
import { replayPath } from './replay.ts';

const paths = getTaskClaimPaths();
const runtime = createCoverageRecorder(taskClaimMachine);

describe('task-claim: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(
      taskClaimMachine,
      paths.map(({ path }) => path),
    );
    console.log(`task-claim: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    // The running actor below records what TASK_CLAIM_NOT_ON_PATHS names.
    expect(unexplained(report, TASK_CLAIM_NOT_ON_PATHS)).toEqual([]);
  });

  const named = paths.map(({ input, path }, index) => {
    const actions = path.steps.slice(1).map((step) => describeTaskClaimEvent(step.event));
    return [`#${index + 1} ${JSON.stringify(input)} ${actions.join(' → ') || '(start)'}`, input, path] as const;
  });

  it.each(named)('replays %s', async (_, input, path) => {
    const opened: number[] = [];
    const announced: string[] = [];
    let openedBefore = 0;
    let announcedBefore = 0;
    await replayPath(taskClaimMachine, path, {
      calls: TASK_CLAIM_CALLS,
      input,
      recorder: runtime,
      actions: { openTask: () => void opened.push(1), announce: (_: unknown, params: { message: string }) => void announced.push(params.message) },
      beforeStep: () => {
        openedBefore = opened.length;
        announcedBefore = announced.length;
      },
      check: ({ event, before, snapshot, isPending }) => {
        // 去完成 navigates and never calls the server.
        if (event.type === 'ui.go') {
          expect(opened.length).toBe(openedBefore + (before?.matches('todo') ? 1 : 0));
          expect(isPending('claim')).toBe(false);
        }
        if (event.type === 'ui.claim') expect(isPending('claim')).toBe(snapshot.matches('claiming'));
        // A reward (or a claim another device made) ends 已领取 and is announced once.
        if (event.type === 'xstate.done.actor.claim') {
          const output = event.output as { kind: string; msg: string; data?: { points?: number } };
          const claimed = output.kind === 'ok' || output.msg === '已领取';
          expect(snapshot.matches('claimed')).toBe(claimed);
          expect(announced.length).toBe(announcedBefore + (claimed ? 1 : 0));
          if (output.kind === 'ok' && (output.data?.points ?? 0) > 0) expect(announced.at(-1)).toContain(`+${output.data!.points} 积分`);
          if (output.msg === '任务尚未完成') expect(snapshot.matches('todo')).toBe(true);
        }
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`task-claim at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
