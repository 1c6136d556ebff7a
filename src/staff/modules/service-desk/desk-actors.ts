import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import * as staffCalls from '../../../../api/protocol/staff-refs.ts';
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
import type { QuickReplyView } from '../../../../api/protocol/service-desk.ts';
import { BAD_ANSWER_MSG, type StaffClient } from '../../api.ts';
import { readConversationHolder, readDeskMessages, readDeskQueue, readQuickReplies, readReplied } from './decode.ts';
import { connectDesk, type DeskConnectionOptions } from './desk-connection.ts';
import { uploadDeskPicture } from './upload.ts';

/**
 * The service desk machine's calls (machines/service-desk.machine.ts), made with the staff client
 * and read through decode.ts into the outcomes the machine branches on; and its live connection
 * (desk-connection.ts) as a callback actor.
 */

type Actors = NonNullable<Parameters<typeof serviceDeskMachine.provide>[0]['actors']>;

export function deskActors(client: StaffClient, connection: Pick<DeskConnectionOptions, 'createEventSource' | 'timers'> = {}) {
  const reply = async (payload: { id: number; text: string } | { id: number; image: string }): Promise<ReplyOutcome> => {
    const answer = await client.call(staffCalls.service.reply, payload);
    const message = answer.code === STAFF_CODE.ok ? readReplied(answer.data) : null;
    if (message) return { kind: 'sent', message };
    if (answer.code === STAFF_CODE.notSignedIn) return { kind: 'signedOut' };
    return { kind: 'refused', message: answer.code === STAFF_CODE.ok ? BAD_ANSWER_MSG : answer.msg };
  };
  return {
    loadList: fromPromise<ListOutcome, ListInput>(async ({ input }) => {
      const answer = await client.call(staffCalls.service.queue, { view: input.view });
      if (answer.code !== STAFF_CODE.ok) return answer.code === STAFF_CODE.notSignedIn ? { kind: 'signedOut' } : { kind: 'refused', message: answer.msg };
      const queue = readDeskQueue(answer.data);
      return queue ? { kind: 'ok', queue, clockOffset: Date.parse(queue.server_time) - Date.now() } : { kind: 'refused', message: BAD_ANSWER_MSG };
    }),
    loadQuickReplies: fromPromise<QuickReplyView[] | null>(async () => {
      const answer = await client.call(staffCalls.service.quickReplies, {});
      return answer.code === STAFF_CODE.ok ? readQuickReplies(answer.data) : null;
    }),
    loadConversation: fromPromise<ConversationOutcome, ConversationInput>(async ({ input }) => {
      const answer = await client.call(staffCalls.service.messages, { id: input.id });
      if (answer.code === STAFF_CODE.ok) {
        const page = readDeskMessages(answer.data);
        return page ? { kind: 'ok', conversation: page.conversation, list: page.list, hasMore: page.has_more } : { kind: 'refused', message: BAD_ANSWER_MSG, holder: null };
      }
      if (answer.code === STAFF_CODE.notSignedIn) return { kind: 'signedOut' };
      // Refused: another agent holds it now (the answer says who), or it is gone.
      return { kind: 'refused', message: answer.msg, holder: readConversationHolder(answer.data) };
    }),
    loadOlder: fromPromise<OlderOutcome, OlderInput>(async ({ input }) => {
      const answer = await client.call(staffCalls.service.messages, { id: input.id, before_id: input.beforeId });
      const page = answer.code === STAFF_CODE.ok ? readDeskMessages(answer.data) : null;
      if (page) return { kind: 'ok', list: page.list, hasMore: page.has_more };
      return { kind: 'refused', message: answer.code === STAFF_CODE.ok ? BAD_ANSWER_MSG : answer.msg };
    }),
    take: fromPromise<TakeOutcome, ConversationInput>(async ({ input }) => {
      const answer = await client.call(staffCalls.service.take, { id: input.id });
      const holder = readConversationHolder(answer.data);
      if (answer.code === STAFF_CODE.ok && holder) return { kind: 'taken', message: answer.msg, holder };
      if (answer.code === STAFF_CODE.notSignedIn) return { kind: 'signedOut' };
      return { kind: 'refused', message: answer.msg, holder };
    }),
    reply: fromPromise<ReplyOutcome, ReplyInput>(({ input }) => reply({ id: input.id, text: input.text })),
    sendPicture: fromPromise<ReplyOutcome, PictureReplyInput>(({ input }) => reply({ id: input.id, image: input.image })),
    close: fromPromise<CloseOutcome, ConversationInput>(async ({ input }) => {
      const answer = await client.call(staffCalls.service.close, { id: input.id });
      if (answer.code === STAFF_CODE.notSignedIn) return { kind: 'signedOut' };
      return { kind: 'answered', message: answer.msg, holder: readConversationHolder(answer.data) };
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
