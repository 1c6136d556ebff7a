import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import {
  agreementSheetMachine,
  type AgreementSheetContext,
  type AgreementSheetEvent,
  type AgreementText,
} from '../machines/agreement-sheet.machine.ts';
import { generateCoveringPaths, type MachinePath } from './coverage.ts';

/** The agreement sheet's model: event table, generated paths, and what each event means outside. */

export const AGREEMENT_TEXT: AgreementText = { title: '用户协议', content: '<p>协议正文</p>' };

export const DOCUMENT_OUTCOMES = {
  loaded: { kind: 'ok', code: 1, msg: '获取成功', data: AGREEMENT_TEXT },
  refused: { kind: 'toast', code: -1, msg: '暂无数据', data: null, show: true },
  serverError: { kind: 'error', reason: 'timeout', code: null, msg: '请求超时' },
} satisfies Record<string, ApiOutcome<AgreementText | null>>;

const sheetEvents: AgreementSheetEvent[] = [
  { type: 'overlay.consent.ask' },
  { type: 'ui.agreement.accept' },
  { type: 'ui.agreement.dismiss' },
  { type: 'ui.doc.open', doc: 'agreement' },
  { type: 'ui.doc.open', doc: 'privacy' },
  { type: 'ui.doc.close' },
  { type: 'ui.doc.retry' },
];

export const agreementSheetEventTable: readonly AnyEventObject[] = [
  ...sheetEvents,
  ...Object.values(DOCUMENT_OUTCOMES).map((output) => ({ type: 'xstate.done.actor.loadDocument', output })),
  { type: 'xstate.error.actor.loadDocument', error: new Error('loadDocument failed') },
];

/** The state value plus what the guards and the viewer read: the document and where closing returns. */
export function serializeAgreementSheet(snapshot: AnyMachineSnapshot): string {
  const { doc, returnTo } = snapshot.context as AgreementSheetContext;
  return JSON.stringify([snapshot.value, doc, returnTo]);
}

/**
 * The sheet replies with sendParent, which refuses to resolve without a parent: the graph is
 * walked with the replies stubbed (same chart, same transition names).
 */
export const standaloneSheet = agreementSheetMachine.provide({ actions: { reportAccepted: () => {}, reportDismissed: () => {} } });

let paths: MachinePath[] | undefined;

export function getAgreementSheetPaths(): MachinePath[] {
  paths ??= generateCoveringPaths(standaloneSheet, { events: agreementSheetEventTable, serializeState: serializeAgreementSheet });
  return paths;
}

const ACTIONS: Record<string, string> = {
  'overlay.consent.ask': 'act on panel 1 or 3 without the agreement box ticked (the overlay asks)',
  'ui.agreement.accept': "tap 'agree and continue' on the consent sheet",
  'ui.agreement.dismiss': 'dismiss the consent sheet',
  'ui.doc.open': 'tap a document link',
  'ui.doc.close': 'close the document viewer',
  'ui.doc.retry': "tap 'retry' in the document viewer",
};

export function describeAgreementSheetEvent(event: AnyEventObject): { actor: 'user' | 'overlay' | 'server'; action: string } {
  if (event.type === 'xstate.done.actor.loadDocument') {
    const output = event.output as ApiOutcome;
    return { actor: 'server', action: `loadDocument answers ${output.kind} ${output.code ?? ''} ${output.msg}` };
  }
  if (event.type === 'xstate.error.actor.loadDocument') return { actor: 'server', action: 'loadDocument rejects (network failure)' };
  const action = ACTIONS[event.type];
  if (!action) throw new Error(`no action for ${event.type}`);
  const doc = 'doc' in event ? ` (${String(event.doc)})` : '';
  return { actor: event.type === 'overlay.consent.ask' ? 'overlay' : 'user', action: action + doc };
}
