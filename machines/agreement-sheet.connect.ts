import type { SnapshotFrom } from 'xstate';
import type { AgreementDocument, AgreementSheetEvent, agreementSheetMachine } from './agreement-sheet.machine.ts';

/**
 * What the consent sheet and the document viewer show, and the intents they may send (zag's
 * `connect(snapshot, send)`; ARCHITECTURE style rule 6). Pure: the same snapshot and send give an
 * equal view model, and the intents of one `send` are the same functions every time, so a
 * shallow compare tells a changed view from an unchanged one.
 */

export type AgreementSheetSnapshot = SnapshotFrom<typeof agreementSheetMachine>;
type Send = (event: AgreementSheetEvent) => void;

export type SheetMode = 'hidden' | 'asking' | 'viewing';
export type DocumentStatus = 'loading' | 'loaded' | 'failed';

export const DOCUMENT_NAMES: Record<AgreementDocument, string> = { agreement: '用户协议', privacy: '隐私政策' };

const intentsBySend = new WeakMap<Send, ReturnType<typeof createIntents>>();

function createIntents(send: Send) {
  return {
    acceptAgreement: () => send({ type: 'ui.agreement.accept' }),
    dismissAgreement: () => send({ type: 'ui.agreement.dismiss' }),
    openDocument: (doc: AgreementDocument) => send({ type: 'ui.doc.open', doc }),
    closeDocument: () => send({ type: 'ui.doc.close' }),
    retryDocument: () => send({ type: 'ui.doc.retry' }),
  };
}

function intentsOf(send: Send) {
  let intents = intentsBySend.get(send);
  if (!intents) intentsBySend.set(send, (intents = createIntents(send)));
  return intents;
}

/** Sends nothing: the sheet is a child of the open overlay, absent while it is closed. */
const sendNowhere: Send = () => {};

/** `snapshot` is undefined while the overlay is closed (the sheet is not running): all hidden. */
export function connectAgreementSheet(snapshot: AgreementSheetSnapshot | undefined, send: Send = sendNowhere) {
  const mode: SheetMode = snapshot?.matches('asking') ? 'asking' : snapshot?.matches('viewing') ? 'viewing' : 'hidden';
  const documentStatus: DocumentStatus = snapshot?.matches({ viewing: 'failed' }) ? 'failed' : snapshot?.matches({ viewing: 'loaded' }) ? 'loaded' : 'loading';
  const doc = snapshot?.context.doc ?? null;
  return {
    sheetMode: mode,
    documentStatus,
    /** The server's title, or the document's own name until it has answered. */
    documentTitle: snapshot?.context.title || (doc ? DOCUMENT_NAMES[doc] : ''),
    /** Server HTML, unsanitised: the view sanitises it before rendering. */
    documentHtml: snapshot?.context.html ?? '',
    documentError: snapshot?.context.error ?? null,
    ...intentsOf(send),
  };
}

export type AgreementSheetView = ReturnType<typeof connectAgreementSheet>;
