import { describe, expect, it } from 'vitest';
import { agreementSheetMachine } from '../machines/agreement-sheet.machine.ts';
import { getAgreementSheetPaths, describeAgreementSheetEvent } from './agreement-sheet.paths.ts';
import { coverageOfPaths, createCoverageRecorder, formatCoverage } from './coverage.ts';
import { replayPath } from './replay.ts';

const paths = getAgreementSheetPaths();
const runtime = createCoverageRecorder(agreementSheetMachine);

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
      const replies: string[] = [];
      await replayPath(agreementSheetMachine, path, {
        calls: ['loadDocument'],
        recorder: runtime,
        actions: {
          reportAccepted: () => void replies.push('agreement.accepted'),
          reportDismissed: () => void replies.push('agreement.dismissed'),
        },
        check: ({ snapshot, lastInput }) => {
          if (snapshot.matches({ viewing: 'loading' })) expect(lastInput('loadDocument')).toEqual({ doc: snapshot.context.doc });
        },
      });
      const last = path.steps.at(-1)!;
      const previous = path.steps.at(-2)?.state;
      if (previous?.matches('asking') && last.event.type === 'ui.agreement.accept') expect(replies.at(-1)).toBe('agreement.accepted');
      if (previous?.matches('asking') && last.event.type === 'ui.agreement.dismiss') expect(replies.at(-1)).toBe('agreement.dismissed');
    },
  );

  it('took every transition in the running actor too', () => {
    const report = runtime.report();
    console.log(`agreement sheet at runtime: ${formatCoverage(report)}`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
