import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { MyListing } from '../api/protocol/calls/trade.ts';
import { TRADE_IMAGES_MAX, TRADE_MSG } from '../api/protocol/trade-rules.ts';
import { checkDraft, checkListingForm, yuanText } from './listing-form.rules.ts';
import {
  LISTING_FORM_MESSAGES,
  type DraftPayload,
  type ListingFormContext,
  type ListingFormEvent,
  type ListingFormInput,
  type ListingImage,
  type ListingPayload,
  type LoadOutcome,
  type SubmitOutcome,
  type UploadCommand,
} from './listing-form.types.ts';

/**
 * The listing form (/sellgoodsinfo, /sellaccountedit): [loading → ] editing → confirming (price,
 * fee, net) → submitting (request_id) → submitted | editing (refused, the reason shown) | failed →
 * retry with the same request_id. 保存草稿 is savingDraft → editing. The screenshots upload while
 * the player edits: one `uploads` actor, invoked for the form's life, takes a start or cancel per
 * screenshot and reports its progress, key or failure; each screenshot has its own stage here, and
 * a failed one is retried alone. An edit loads the listing first (loadFailed → 重新加载; a listing
 * no longer editable → notEditable).
 */

export const requestIdOf = (context: Pick<ListingFormContext, 'requestBase' | 'serial'>) => `${context.requestBase}-${context.serial}`;

const outcomeMessage = (outcome: SubmitOutcome, fallback: string): string => ('msg' in outcome && outcome.msg ? outcome.msg : fallback);
const mapImage = (images: ListingImage[], id: number, change: (image: ListingImage) => ListingImage) => images.map((image) => (image.id === id ? change(image) : image));

/** The form as a loaded listing fills it. */
function fromListing(listing: MyListing): Partial<ListingFormContext> {
  return {
    listingId: listing.id,
    subAccountId: listing.sub_account.id,
    fields: { title: listing.title, server_name: listing.server_name, role_name: listing.role_name, description: listing.description, price: yuanText(listing.price_cents) },
    passwordMode: 'keep',
    password: '',
    hasStoredPassword: listing.has_second_password,
    images: listing.images.map((image, index) => ({ id: index + 1, stage: 'uploaded', progress: 100, key: image.key, url: image.url, error: null, file: null })),
    nextImageId: listing.images.length + 1,
    listing,
  };
}

export const listingFormMachine = setup({
  types: {
    context: {} as ListingFormContext,
    events: {} as ListingFormEvent,
    input: {} as ListingFormInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Provided by the app: getUploadTos {purpose:'trade'} then the bytes up, per screenshot. */
    uploads: fromCallback<UploadCommand>(() => () => {}),
    /** Provided by the app: getMyListing, decoded. */
    load: fromPromise<LoadOutcome, { listingId: number }>(async () => {
      throw new Error('listingForm: provide the load actor');
    }),
    submit: fromPromise<SubmitOutcome, { payload: ListingPayload; requestId: string }>(async () => {
      throw new Error('listingForm: provide the submit actor');
    }),
    saveDraft: fromPromise<SubmitOutcome, { payload: DraftPayload }>(async () => {
      throw new Error('listingForm: provide the saveDraft actor');
    }),
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'ui.field');
      const errors = { ...context.errors };
      delete errors[event.field];
      return { fields: { ...context.fields, [event.field]: event.value }, errors, message: null };
    }),
    setPassword: assign(({ context, event }) => {
      assertEvent(event, 'ui.password');
      const errors = { ...context.errors };
      delete errors.second_password;
      return { passwordMode: event.mode, password: event.mode === 'set' ? event.value : '', errors };
    }),
    addImages: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'ui.image.add');
      const room = TRADE_IMAGES_MAX - context.images.length;
      const files = event.files.slice(0, Math.max(0, room));
      const added: ListingImage[] = files.map((file, index) => ({ id: context.nextImageId + index, stage: 'uploading', progress: 0, key: null, url: null, error: null, file }));
      const errors = { ...context.errors };
      delete errors.images;
      enqueue.assign({
        images: [...context.images, ...added],
        nextImageId: context.nextImageId + added.length,
        errors,
        message: event.files.length > room ? TRADE_MSG.imagesTooMany : null,
      });
      for (const image of added) enqueue.sendTo('uploads', { type: 'upload.start', id: image.id, file: image.file! } satisfies UploadCommand);
    }),
    removeImage: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'ui.image.remove');
      if (context.images.find((image) => image.id === event.id)?.stage === 'uploading') enqueue.sendTo('uploads', { type: 'upload.cancel', id: event.id } satisfies UploadCommand);
      enqueue.assign({ images: context.images.filter((image) => image.id !== event.id) });
    }),
    retryImage: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'ui.image.retry');
      const image = context.images.find((candidate) => candidate.id === event.id);
      if (!image || image.stage !== 'failed' || !image.file) return;
      enqueue.assign({ images: mapImage(context.images, event.id, (it) => ({ ...it, stage: 'uploading', progress: 0, error: null })), message: null });
      enqueue.sendTo('uploads', { type: 'upload.start', id: image.id, file: image.file } satisfies UploadCommand);
    }),
    moveImage: assign(({ context, event }) => {
      assertEvent(event, 'ui.image.move');
      const from = context.images.findIndex((image) => image.id === event.id);
      const to = from + event.by;
      if (from < 0 || to < 0 || to >= context.images.length) return {};
      const images = [...context.images];
      [images[from], images[to]] = [images[to]!, images[from]!];
      return { images };
    }),
    imageProgress: assign(({ context, event }) => {
      assertEvent(event, 'upload.progress');
      const percent = Math.max(0, Math.min(99, Math.round(event.percent)));
      return { images: mapImage(context.images, event.id, (image) => (image.stage === 'uploading' ? { ...image, progress: percent } : image)) };
    }),
    imageDone: assign(({ context, event }) => {
      assertEvent(event, 'upload.done');
      return { images: mapImage(context.images, event.id, (image) => (image.stage === 'uploading' ? { ...image, stage: 'uploaded', progress: 100, key: event.key, url: event.url, error: null } : image)) };
    }),
    imageFailed: assign(({ context, event }) => {
      assertEvent(event, 'upload.failed');
      return { images: mapImage(context.images, event.id, (image) => (image.stage === 'uploading' ? { ...image, stage: 'failed', progress: 0, error: event.message || LISTING_FORM_MESSAGES.uploadNetwork } : image)) };
    }),
    showErrors: assign(({ context }) => {
      const check = checkListingForm(context);
      return { errors: check.ok ? {} : check.errors, message: null };
    }),
    showDraftErrors: assign(({ context }) => {
      const check = checkDraft(context);
      return { errors: check.ok ? {} : check.errors, message: check.ok || Object.keys(check.errors).length > 0 ? null : TRADE_MSG.subAccountMissing };
    }),
    clearErrors: assign({ errors: {}, message: null }),
    showMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    clearMessage: assign({ message: null }),
    storeListing: assign((_, params: { listing: MyListing | null }) => (params.listing ? { listing: params.listing, listingId: params.listing.id } : {})),
    fillFromListing: assign((_, params: { listing: MyListing }) => fromListing(params.listing)),
    /** The server answered: the next submit is a new request. */
    renewRequestId: assign(({ context }) => ({ serial: context.serial + 1 })),
  },
  guards: {
    needsLoad: ({ context }) => context.listingId !== null && context.listing === null,
    formValid: ({ context }) => checkListingForm(context).ok,
    draftValid: ({ context }) => checkDraft(context).ok,
    loadedEditable: (_, params: { outcome: LoadOutcome }) => params.outcome.kind === 'ok' && params.outcome.data !== null && params.outcome.data.can_edit,
    loadedFixed: (_, params: { outcome: LoadOutcome }) => params.outcome.kind === 'ok' && params.outcome.data !== null,
    accepted: (_, params: { outcome: SubmitOutcome }) => params.outcome.kind === 'ok',
    refused: (_, params: { outcome: SubmitOutcome }) => params.outcome.kind === 'toast',
  },
}).createMachine({
  id: 'listingForm',
  context: ({ input }) => ({
    requestBase: input.requestBase,
    serial: 1,
    rules: input.rules,
    listingId: input.listingId,
    subAccountId: input.subAccountId,
    fields: { title: '', server_name: input.prefill?.server_name ?? '', role_name: input.prefill?.role_name ?? '', description: '', price: '' },
    passwordMode: 'keep',
    password: '',
    hasStoredPassword: false,
    images: [],
    nextImageId: 1,
    errors: {},
    message: null,
    listing: null,
  }),
  invoke: { id: 'uploads', src: 'uploads' },
  on: {
    'upload.progress': { actions: 'imageProgress' },
    'upload.done': { actions: 'imageDone' },
    'upload.failed': { actions: 'imageFailed' },
  },
  initial: 'editing',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ listingId: context.listingId! }),
        onDone: [
          {
            guard: { type: 'loadedEditable', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: { type: 'fillFromListing', params: ({ event }) => ({ listing: (event.output as Extract<LoadOutcome, { kind: 'ok' }>).data! }) },
          },
          {
            guard: { type: 'loadedFixed', params: ({ event }) => ({ outcome: event.output }) },
            target: 'notEditable',
            actions: { type: 'storeListing', params: ({ event }) => ({ listing: (event.output as Extract<LoadOutcome, { kind: 'ok' }>).data }) },
          },
          { target: 'loadFailed', actions: { type: 'showMessage', params: ({ event }) => ({ message: 'msg' in event.output && event.output.msg && event.output.kind !== 'ok' ? event.output.msg : LISTING_FORM_MESSAGES.loadFailed }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'showMessage', params: { message: LISTING_FORM_MESSAGES.loadFailed } } },
      },
    },
    loadFailed: {
      on: { 'ui.reload': { target: 'loading', actions: 'clearMessage' } },
    },
    notEditable: {},
    editing: {
      // An edit starts here too and goes to load its listing first (no transient start state, so every state is observable).
      always: { guard: 'needsLoad', target: 'loading' },
      on: {
        'ui.field': { actions: 'setField' },
        'ui.password': { actions: 'setPassword' },
        'ui.image.add': { actions: 'addImages' },
        'ui.image.remove': { actions: 'removeImage' },
        'ui.image.retry': { actions: 'retryImage' },
        'ui.image.move': { actions: 'moveImage' },
        'ui.submit': [{ guard: 'formValid', target: 'confirming', actions: 'clearErrors' }, { actions: 'showErrors' }],
        'ui.saveDraft': [{ guard: 'draftValid', target: 'savingDraft', actions: 'clearErrors' }, { actions: 'showDraftErrors' }],
      },
    },
    confirming: {
      on: {
        // Nothing changes the form while the sheet is open (uploads are all done), so it is still valid.
        'ui.confirm': { target: 'submitting' },
        'ui.cancel': { target: 'editing' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ payload: (checkListingForm(context) as { payload: ListingPayload }).payload, requestId: requestIdOf(context) }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'submitted',
            actions: [{ type: 'storeListing', params: ({ event }) => ({ listing: event.output.kind === 'ok' ? (event.output.data?.listing ?? null) : null }) }, 'renewRequestId'],
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: [{ type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output, LISTING_FORM_MESSAGES.failed) }) }, 'renewRequestId'],
          },
          // No answer we can read (server error, session ended): the request may have been taken.
          { target: 'failed', actions: { type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output, LISTING_FORM_MESSAGES.failed) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'showMessage', params: { message: LISTING_FORM_MESSAGES.failed } } },
      },
    },
    failed: {
      on: {
        // The same request again, same id: the server answers the first if it got it.
        'ui.retry': { target: 'submitting', actions: 'clearMessage' },
        'ui.edit': { target: 'editing', actions: 'clearMessage' },
      },
    },
    savingDraft: {
      tags: ['busy'],
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({ payload: (checkDraft(context) as { payload: DraftPayload }).payload }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: [
              { type: 'storeListing', params: ({ event }) => ({ listing: event.output.kind === 'ok' ? (event.output.data?.listing ?? null) : null }) },
              { type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output, TRADE_MSG.saved) }) },
            ],
          },
          { target: 'editing', actions: { type: 'showMessage', params: ({ event }) => ({ message: outcomeMessage(event.output, LISTING_FORM_MESSAGES.draftFailed) }) } },
        ],
        onError: { target: 'editing', actions: { type: 'showMessage', params: { message: LISTING_FORM_MESSAGES.draftFailed } } },
      },
    },
    submitted: { type: 'final' },
  },
});
