import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { agreementSheetMachine } from '../machines/agreement-sheet.machine.ts';
import { getAgreementSheetPaths, describeAgreementSheetEvent } from './agreement-sheet.paths.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { createDeferredActors } from './deferred-actors.ts';

const paths = getAgreementSheetPaths();
const runtime = createCoverageRecorder(agreementSheetMachine);

function createReplay() {
  const calls = createDeferredActors(agreementSheetMachine, ['loadDocument']);
  const replies: string[] = [];
  const actor = createActor(
    agreementSheetMachine.provide({
      actors: calls.actors,
      actions: {
        reportAccepted: () => void replies.push('agreement.accepted'),
        reportDismissed: () => void replies.push('agreement.dismissed'),
      },
    }),
    { clock: new SimulatedClock(), inspect: runtime.inspect },
  );

  async function perform(event: AnyEventObject) {
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.loadDocument') await calls.resolve('loadDocument', event.output);
    else if (event.type === 'xstate.error.actor.loadDocument') await calls.reject('loadDocument', event.error);
    else actor.send(event as Parameters<typeof actor.send>[0]);
  }
  return { actor, perform, replies, calls };
}

describe('agreement sheet: paths generated from the machine graph', () => {
  it('cover every state and every transition', () => {
    const report = coverageOfPaths(agreementSheetMachine, paths);
    console.log(`agreement sheet: ${paths.length} paths, ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  const named = paths.map((path, index) => {
    const actions = path.steps.slice(1).map((step) => describeAgreementSheetEvent(step.event).action);
    return [`#${index + 1} ${actions.join(' → ')}`, path] as const;
  });

  it.each(named)(
    'replays %s',
    async (_, path) => {
      const { actor, perform, replies, calls } = createReplay();
      for (const [index, step] of path.steps.entries()) {
        await perform(step.event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value, `step ${index}: ${step.event.type}`).toEqual(step.state.value);
        expect(snapshot.context, `step ${index}: ${step.event.type}`).toEqual(step.state.context);
        if (snapshot.matches({ viewing: 'loading' })) expect(calls.lastInput('loadDocument')).toEqual({ doc: snapshot.context.doc });
      }
      const last = path.steps.at(-1)!;
      const previous = path.steps.at(-2)?.state;
      if (previous?.matches('asking') && last.event.type === 'ui.agreement.accept') expect(replies.at(-1)).toBe('agreement.accepted');
      if (previous?.matches('asking') && last.event.type === 'ui.agreement.dismiss') expect(replies.at(-1)).toBe('agreement.dismissed');
      actor.stop();
    },
  );

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`agreement sheet at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
