import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { REAL_NAME_MSG } from '../api/protocol/real-name.ts';
import { formProblem, realNameFormMachine } from '../machines/real-name-form.machine.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';
import { describeRealNameFormEvent, getRealNameFormPaths, REAL_NAME_CALLS, TODAY } from './real-name-form.paths.ts';

const paths = getRealNameFormPaths();
const runtime = createCoverageRecorder(realNameFormMachine);

function createReplay() {
  const calls = createDeferredActors(realNameFormMachine, REAL_NAME_CALLS);
  let shown = 0;
  const actor = createActor(realNameFormMachine.provide({ actors: calls.actors, actions: { showVerified: () => void shown++ } }), {
    clock: new SimulatedClock(),
    inspect: runtime.inspect,
    input: { today: TODAY },
  });

  async function perform(event: AnyEventObject) {
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.realNameAuth') await calls.resolve('realNameAuth', event.output);
    else if (event.type === 'xstate.error.actor.realNameAuth') await calls.reject('realNameAuth', event.error);
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, calls, shown: () => shown };
}

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
    const { actor, perform, calls, shown } = createReplay();
    for (const [index, step] of path.steps.entries()) {
      const before = actor.getSnapshot();
      const shownBefore = shown();
      await perform(step.event);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
      // A submit sends only a form that passes the shared checks; one that fails shows why.
      if (step.event.type === 'ui.submit' && !before.matches('submitting')) {
        const problem = formProblem(before.context);
        if (problem) expect(snapshot.context.message).toBe(problem);
        else expect(calls.lastInput('realNameAuth')).toEqual({ real_name: before.context.realName, id_card: before.context.idCard });
      }
      if (snapshot.matches('verified') && !before.matches('verified')) expect(shown()).toBe(shownBefore + 1);
      if (snapshot.matches('refused') && step.event.type === 'xstate.done.actor.realNameAuth') {
        expect(snapshot.context.message).toBe((step.event.output as { msg: string }).msg);
      }
    }
    actor.stop();
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
