import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ApiOutcome } from '../api/outcome.ts';
import { MSG } from '../api/protocol/codes.ts';

/**
 * The agreement consent sheet and the in-overlay viewer of the user agreement / privacy policy
 * (SPEC §2 "Login overlay", §4 "Agreement consent sheet"). The login overlay invokes it with
 * id 'agreement' while open, asks it for consent with `overlay.consent.ask`, and hears back
 * `agreement.accepted` / `agreement.dismissed`; the view sends the sheet's own `ui.*` events
 * straight to that child.
 */

export type AgreementDocument = 'agreement' | 'privacy';

/** data.title / data.content of the document calls (SPEC §3). */
export interface AgreementText {
  title: string;
  content: string;
}

export interface LoadDocumentInput {
  doc: AgreementDocument;
}

export type AgreementSheetEvent =
  | { type: 'overlay.consent.ask' }
  | { type: 'ui.agreement.accept' }
  | { type: 'ui.agreement.dismiss' }
  | { type: 'ui.doc.open'; doc: AgreementDocument }
  | { type: 'ui.doc.close' }
  | { type: 'ui.doc.retry' };

/** What the sheet tells the overlay that invoked it. */
export type AgreementSheetReply = { type: 'agreement.accepted' } | { type: 'agreement.dismissed' };

export interface AgreementSheetContext {
  doc: AgreementDocument | null;
  title: string;
  /** Server HTML, unsanitised: the view sanitises before rendering. */
  html: string;
  error: string | null;
  /** Where closing the viewer returns: the viewer opens from the panels' links or from the sheet. */
  returnTo: 'hidden' | 'asking';
}

export const agreementSheetMachine = setup({
  types: {
    context: {} as AgreementSheetContext,
    events: {} as AgreementSheetEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Replaced by the app with .provide(): agreeH5 / userPrivacyH5 (SPEC §7 /api/down/). */
    loadDocument: fromPromise<ApiOutcome<AgreementText>, LoadDocumentInput>(async () => {
      throw new Error('loadDocument is not provided');
    }),
  },
  actions: {
    openDocument: assign((_, params: { doc: AgreementDocument; returnTo: AgreementSheetContext['returnTo'] }) => ({
      doc: params.doc,
      returnTo: params.returnTo,
      title: '',
      html: '',
      error: null,
    })),
    storeDocument: assign((_, params: { text: AgreementText }) => ({ title: params.text.title, html: params.text.content, error: null })),
    storeLoadError: assign((_, params: { message: string }) => ({ error: params.message })),
    reportAccepted: sendParent({ type: 'agreement.accepted' } satisfies AgreementSheetReply),
    reportDismissed: sendParent({ type: 'agreement.dismissed' } satisfies AgreementSheetReply),
  },
  guards: {
    documentLoaded: (_, params: { outcome: ApiOutcome<AgreementText> }) => params.outcome.kind === 'ok',
    returnsToSheet: ({ context }) => context.returnTo === 'asking',
  },
}).createMachine({
  id: 'agreementSheet',
  context: { doc: null, title: '', html: '', error: null, returnTo: 'hidden' },
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'overlay.consent.ask': 'asking',
        'ui.doc.open': {
          target: 'viewing',
          actions: { type: 'openDocument', params: ({ event }) => ({ doc: event.doc, returnTo: 'hidden' as const }) },
        },
      },
    },
    asking: {
      description: 'The consent sheet',
      on: {
        'ui.agreement.accept': { target: 'hidden', actions: 'reportAccepted' },
        'ui.agreement.dismiss': { target: 'hidden', actions: 'reportDismissed' },
        'ui.doc.open': {
          target: 'viewing',
          actions: { type: 'openDocument', params: ({ event }) => ({ doc: event.doc, returnTo: 'asking' as const }) },
        },
      },
    },
    viewing: {
      description: 'The agreement / privacy viewer',
      initial: 'loading',
      on: {
        'ui.doc.close': [{ guard: 'returnsToSheet', target: 'asking' }, { target: 'hidden' }],
      },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadDocument',
            src: 'loadDocument',
            input: ({ context }) => ({ doc: context.doc ?? 'agreement' }),
            onDone: [
              {
                guard: { type: 'documentLoaded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'loaded',
                actions: {
                  type: 'storeDocument',
                  params: ({ event }) => ({ text: event.output.kind === 'ok' ? event.output.data : { title: '', content: '' } }),
                },
              },
              {
                target: 'failed',
                actions: { type: 'storeLoadError', params: ({ event }) => ({ message: event.output.msg || MSG.genericError }) },
              },
            ],
            onError: { target: 'failed', actions: { type: 'storeLoadError', params: { message: MSG.genericError } } },
          },
        },
        loaded: {},
        failed: {
          on: { 'ui.doc.retry': 'loading' },
        },
      },
    },
  },
});
