import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { request } from '../../../api/typed-call.ts';
import { feeOf, netOf } from '../../../api/protocol/trade-rules.ts';
import { listingFormMachine } from '../../../machines/listing-form.machine.ts';
import { checkPrice } from '../../../machines/listing-form.rules.ts';
import { LISTING_FORM_MESSAGES, type DraftPayload, type ListingFormInput, type ListingPayload, type ListingTextField, type LoadOutcome, type SecondPasswordMode, type SubmitOutcome, type UploadCommand } from '../../../machines/listing-form.types.ts';
import type { TicketOutcome } from '../../../machines/upload.types.ts';
import type { MyListing } from '../../../api/protocol/calls/trade.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { SHRINK_TO_SIDE, uploadPicture } from '../uploads/upload-picture.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import * as tradeCalls from '../../../api/protocol/calls/trade.ts';

export type ListingFormState = 'loading' | 'loadFailed' | 'notEditable' | 'editing' | 'confirming' | 'submitting' | 'failed' | 'savingDraft' | 'submitted';

/**
 * A submit or draft answer, decoded by request() with the declared schema. An answer that does not
 * fit leaves the submission's result unknown: the form says so (retried with the same request id).
 */
function submitted(outcome: ApiOutcome<{ listing: MyListing; created?: boolean }>): SubmitOutcome {
  return outcome.kind === 'error' && outcome.reason === 'badResponse' ? { ...outcome, msg: LISTING_FORM_MESSAGES.failed } : outcome;
}

/**
 * The listing form through its statechart (machines/listing-form.machine.ts), wired to the server:
 * uploads (getUploadTos purpose 'trade' → the bytes with XHR progress, one AbortController per
 * screenshot), getMyListing, submitListing, saveListingDraft. Narrow values and intents.
 */
export function useListingForm(input: Omit<ListingFormInput, 'requestBase'>) {
  const runtime = useRuntime();
  const requestBase = useMemo(() => `ls-${crypto.randomUUID()}`, []);
  const actor = useFeatureActor(listingFormMachine, {
    input: { ...input, requestBase },
    implementations: {
      actors: {
        uploads: fromCallback<UploadCommand>(({ sendBack, receive }) => {
          const running = new Map<number, AbortController>();
          const start = async (id: number, file: Blob) => {
            running.get(id)?.abort();
            const abort = new AbortController();
            running.set(id, abort);
            try {
              const ticket = (await request(runtime.api, calls.profile.getUploadTos, { purpose: 'trade' })) as TicketOutcome;
              if (abort.signal.aborted) return;
              if (ticket.kind !== 'ok') return sendBack({ type: 'upload.failed', id, message: ticket.msg || LISTING_FORM_MESSAGES.uploadNetwork });
              const result = await uploadPicture(runtime, { url: ticket.data.url, file, onProgress: (percent) => sendBack({ type: 'upload.progress', id, percent }) }, { side: SHRINK_TO_SIDE.feedback, signal: abort.signal });
              if (abort.signal.aborted) return;
              sendBack(result.ok ? { type: 'upload.done', id, key: result.key, url: result.url } : { type: 'upload.failed', id, message: result.message });
            } catch {
              if (!abort.signal.aborted) sendBack({ type: 'upload.failed', id, message: LISTING_FORM_MESSAGES.uploadNetwork });
            } finally {
              if (running.get(id) === abort) running.delete(id);
            }
          };
          receive((command) => {
            if (command.type === 'upload.start') void start(command.id, command.file);
            else running.get(command.id)?.abort();
          });
          return () => {
            for (const abort of running.values()) abort.abort();
          };
        }),
        load: fromPromise<LoadOutcome, { listingId: number }>(async ({ input: { listingId } }) => {
          return request(runtime.api, tradeCalls.getMyListing, { listing_id: listingId });
        }),
        submit: fromPromise<SubmitOutcome, { payload: ListingPayload; requestId: string }>(async ({ input: { payload, requestId } }) => submitted(await request(runtime.api, tradeCalls.submitListing, { request_id: requestId, ...payload }))),
        saveDraft: fromPromise<SubmitOutcome, { payload: DraftPayload }>(async ({ input: { payload } }) => submitted(await request(runtime.api, tradeCalls.saveListingDraft, { ...payload }))),
      },
    },
  });
  const state = useSelector(actor, (s) => s.value as ListingFormState);
  const fields = useSelector(actor, (s) => s.context.fields);
  const rules = useSelector(actor, (s) => s.context.rules);
  const price = checkPrice(fields.price, rules);
  return {
    state,
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    fields,
    errors: useSelector(actor, (s) => s.context.errors),
    message: useSelector(actor, (s) => s.context.message),
    images: useSelector(actor, (s) => s.context.images),
    passwordMode: useSelector(actor, (s) => s.context.passwordMode),
    password: useSelector(actor, (s) => s.context.password),
    hasStoredPassword: useSelector(actor, (s) => s.context.hasStoredPassword),
    listing: useSelector(actor, (s) => s.context.listing),
    /** The live price line: fee and 到手金额 of a price the rules accept, else null. */
    money: price.ok ? { price_cents: price.value, fee_cents: feeOf(price.value, rules), net_cents: netOf(price.value, rules) } : null,
    setField: (field: ListingTextField, value: string) => actor.send({ type: 'ui.field', field, value }),
    setPassword: (mode: SecondPasswordMode, value = '') => actor.send({ type: 'ui.password', mode, value }),
    addImages: (files: readonly Blob[]) => actor.send({ type: 'ui.image.add', files }),
    removeImage: (id: number) => actor.send({ type: 'ui.image.remove', id }),
    retryImage: (id: number) => actor.send({ type: 'ui.image.retry', id }),
    moveImage: (id: number, by: -1 | 1) => actor.send({ type: 'ui.image.move', id, by }),
    submit: () => actor.send({ type: 'ui.submit' }),
    confirm: () => actor.send({ type: 'ui.confirm' }),
    cancel: () => actor.send({ type: 'ui.cancel' }),
    saveDraft: () => actor.send({ type: 'ui.saveDraft' }),
    retry: () => actor.send({ type: 'ui.retry' }),
    edit: () => actor.send({ type: 'ui.edit' }),
    reload: () => actor.send({ type: 'ui.reload' }),
  };
}

export type ListingForm = ReturnType<typeof useListingForm>;
