import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import * as deskCalls from '../../../../api/protocol/staff/service.ts';
import { STAFF_CODE } from '../../../../api/protocol/staff-codes.ts';
import type { serviceDeskMachine } from '../../../../machines/service-desk.machine.ts';
import type {
  CloseOutcome,
  ConversationInput,
  ConversationOutcome,
  ListInput,
  ListOutcome,
  OlderInput,
  OlderOutcome,
  PictureReplyInput,
  ReplyInput,
  ReplyOutcome,
  TakeOutcome,
  UploadInput,
  UploadOutcome,
} from '../../../../machines/service-desk.types.ts';
import type { DeskConversation, QuickReplyView } from '../../../../api/protocol/service-desk.ts';
import type { StaffClient } from '../../api.ts';
import { connectDesk, type DeskConnectionOptions } from './desk-connection.ts';
import { uploadDeskPicture } from './upload.ts';

/**
 * The service desk machine's calls (machines/service-desk.machine.ts), made with the staff client
 * by their declarations (api/protocol/staff/service.ts: the client reads each success by its answer
 * schema, an answer that does not fit being the bad answer) into the outcomes the machine branches
 * on; and its live connection (desk-connection.ts) as a callback actor.
 */

/**
 * The conversation a take, close or messages refusal carries (another agent holds it now …), read
 * by the `{ conversation }` schema of take's answer; null when there is none or it does not fit.
 */
function holderOf(data: unknown): DeskConversation | null {
  const result = deskCalls.take.answer.schema['~standard'].validate(data);
  return result instanceof Promise || result.issues ? null : result.value.conversation;
}

type Actors = NonNullable<Parameters<typeof serviceDeskMachine.provide>[0]['actors']>;

export function deskActors(client: StaffClient, connection: Pick<DeskConnectionOptions, 'createEventSource' | 'timers'> = {}) {
  const reply = async (payload: { id: number; text: string } | { id: number; image: string }): Promise<ReplyOutcome> => {
    const answer = await client.call(deskCalls.reply, payload);
    if (answer.code === STAFF_CODE.ok) return { kind: 'sent', message: answer.data.message };
    if (answer.code === STAFF_CODE.notSignedIn) return { kind: 'signedOut' };
    return { kind: 'refused', message: answer.msg };
  };
  return {
    loadList: fromPromise<ListOutcome, ListInput>(async ({ input }) => {
      const answer = await client.call(deskCalls.queue, { view: input.view });
      if (answer.code !== STAFF_CODE.ok) return answer.code === STAFF_CODE.notSignedIn ? { kind: 'signedOut' } : { kind: 'refused', message: answer.msg };
      return { kind: 'ok', queue: answer.data, clockOffset: Date.parse(answer.data.server_time) - Date.now() };
    }),
    loadQuickReplies: fromPromise<QuickReplyView[] | null>(async () => {
      const answer = await client.call(deskCalls.quickReplies, {});
      return answer.code === STAFF_CODE.ok ? answer.data.list : null;
    }),
    loadConversation: fromPromise<ConversationOutcome, ConversationInput>(async ({ input }) => {
      const answer = await client.call(deskCalls.messages, { id: input.id });
      if (answer.code === STAFF_CODE.ok) return { kind: 'ok', conversation: answer.data.conversation, list: answer.data.list, hasMore: answer.data.has_more };
      if (answer.code === STAFF_CODE.notSignedIn) return { kind: 'signedOut' };
      // Refused: another agent holds it now (the answer says who), or it is gone.
      return { kind: 'refused', message: answer.msg, holder: holderOf(answer.data) };
    }),
    loadOlder: fromPromise<OlderOutcome, OlderInput>(async ({ input }) => {
      const answer = await client.call(deskCalls.messages, { id: input.id, before_id: input.beforeId });
      if (answer.code === STAFF_CODE.ok) return { kind: 'ok', list: answer.data.list, hasMore: answer.data.has_more };
      return { kind: 'refused', message: answer.msg };
    }),
    take: fromPromise<TakeOutcome, ConversationInput>(async ({ input }) => {
      const answer = await client.call(deskCalls.take, { id: input.id });
      const holder = holderOf(answer.data);
      if (answer.code === STAFF_CODE.ok && holder) return { kind: 'taken', message: answer.msg, holder };
      if (answer.code === STAFF_CODE.notSignedIn) return { kind: 'signedOut' };
      return { kind: 'refused', message: answer.msg, holder };
    }),
    reply: fromPromise<ReplyOutcome, ReplyInput>(({ input }) => reply({ id: input.id, text: input.text })),
    sendPicture: fromPromise<ReplyOutcome, PictureReplyInput>(({ input }) => reply({ id: input.id, image: input.image })),
    close: fromPromise<CloseOutcome, ConversationInput>(async ({ input }) => {
      const answer = await client.call(deskCalls.close, { id: input.id });
      if (answer.code === STAFF_CODE.notSignedIn) return { kind: 'signedOut' };
      return { kind: 'answered', message: answer.msg, holder: holderOf(answer.data) };
    }),
    upload: fromPromise<UploadOutcome, UploadInput>(async ({ input, signal }) => {
      // Progress after the upload was left (another conversation) is not shown.
      const uploaded = await uploadDeskPicture(client, input.file, (percent) => signal.aborted || input.onProgress(percent));
      if (uploaded.ok) return { kind: 'uploaded', key: uploaded.picture.key };
      return uploaded.signedOut ? { kind: 'signedOut' } : { kind: 'failed', message: uploaded.message };
    }),
    // The connection's options are those of the mount: it is made once per desk.
    connection: fromCallback<AnyEventObject>(({ sendBack }) => {
      const desk = connectDesk({
        onEvent: (event) => sendBack({ type: 'desk.event', event }),
        onState: (state) => sendBack({ type: 'desk.state', state }),
        resync: () => sendBack({ type: 'desk.resync' }),
        ...connection,
      });
      return () => desk.close();
    }),
  } satisfies Actors;
}
