import { describe, expect, it } from 'vitest';
import { REAL_NAME_MSG } from '../api/protocol/real-name.ts';
import { formProblem, realNameFormMachine } from '../machines/real-name-form.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { describeRealNameFormEvent, getRealNameFormPaths, REAL_NAME_CALLS, TODAY } from './real-name-form.paths.ts';
import { replayPath } from './replay.ts';

const paths = getRealNameFormPaths();
const runtime = createCoverageRecorder(realNameFormMachine);

describe('real-name form: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(realNameFormMachine, paths);
    console.log(`real-name form: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.states.covered).toBe(report.states.total);
  });

  const named = paths.map((path, index) => {
    const actions = path.steps.slice(1).map((step) => describeRealNameFormEvent(step.event).action);
    return [`#${index + 1} ${actions.join(' → ')}`, path] as const;
  });

  it.each(named)('replays %s', async (_, path) => {
    let shown = 0;
    let shownBefore = 0;
    await replayPath(realNameFormMachine, path, {
      calls: REAL_NAME_CALLS,
      input: { today: TODAY },
      recorder: runtime,
      actions: { showVerified: () => void shown++ },
      beforeStep: () => void (shownBefore = shown),
      check: ({ event, before, snapshot, lastInput }) => {
        if (!before) return;
        // A submit sends only a form that passes the shared checks; one that fails shows why.
        if (event.type === 'ui.submit' && !before.matches('submitting')) {
          const problem = formProblem(before.context);
          if (problem) expect(snapshot.context.message).toBe(problem);
          else expect(lastInput('realNameAuth')).toEqual({ real_name: before.context.realName, id_card: before.context.idCard });
        }
        if (snapshot.matches('verified') && !before.matches('verified')) expect(shown).toBe(shownBefore + 1);
        if (snapshot.matches('refused') && event.type === 'xstate.done.actor.realNameAuth') {
          expect(snapshot.context.message).toBe((event.output as { msg: string }).msg);
        }
      },
    });
  });

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`real-name form at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it('says which rule fails, with the server’s words', () => {
    expect(formProblem({ realName: '', idCard: '', today: TODAY })).toBe(REAL_NAME_MSG.nameRequired);
    expect(formProblem({ realName: '张三', idCard: '', today: TODAY })).toBe(REAL_NAME_MSG.idRequired);
    expect(formProblem({ realName: '张三', idCard: '110105', today: TODAY })).toBe(REAL_NAME_MSG.idFormat);
  });
});
