import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { CONVERSATION_OUTCOMES, CONVERSATIONS, LIST_OUTCOMES, PICTURE, QUEUE } from '../model-tests/service-desk.paths.ts';
import { connectServiceDesk, countOf } from './service-desk.connect.ts';
import { serviceDeskMachine } from './service-desk.machine.ts';
import type { QuickReplyView } from '../api/protocol/service-desk.ts';
import { createDeferredActors } from '../model-tests/deferred-actors.ts';
import type { ConversationInput, ConversationOutcome, ListInput, ListOutcome } from './service-desk.types.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A desk whose list, quick replies and pages answer at once, and whose other calls never answer (so busy states hold). */
async function deskWith(page: ConversationOutcome = { ...CONVERSATION_OUTCOMES.ok, conversation: CONVERSATIONS.mine }) {
  const calls = createDeferredActors(serviceDeskMachine, ['loadOlder', 'take', 'reply', 'close', 'upload', 'sendPicture']);
  const actor = createActor(
    serviceDeskMachine.provide({
      actors: {
        ...calls.actors,
        loadList: fromPromise<ListOutcome, ListInput>(async () => LIST_OUTCOMES.ok),
        loadQuickReplies: fromPromise<QuickReplyView[] | null>(async () => [{ id: 1, content: '请提供订单号', sort: 10 }]),
        loadConversation: fromPromise<ConversationOutcome, ConversationInput>(async () => page),
        connection: fromCallback(() => {}),
      },
    }),
    { input: { isAdmin: false } },
  ).start();
  await flush();
  return actor;
}

describe('connectServiceDesk', () => {
  it('shows the list, the quick replies and no conversation at first', async () => {
    const actor = await deskWith();
    const view = connectServiceDesk(actor.getSnapshot(), actor.send);
    expect(view).toMatchObject({ view: 'queued', queue: QUEUE, listError: '', connection: 'connecting', clockOffset: 1_500, open: null, picture: null, busy: null, draft: '', canTake: false, canWork: false, canReply: false });
    expect(view.quickReplies).toEqual([{ id: 1, content: '请提供订单号', sort: 10 }]);
  });

  it('offers 接入会话 for a queued conversation, the reply box for one of this agent’s', async () => {
    const queued = await deskWith(CONVERSATION_OUTCOMES.ok);
    queued.send({ type: 'ui.select', id: 5 });
    await flush();
    expect(connectServiceDesk(queued.getSnapshot(), queued.send)).toMatchObject({ canTake: true, canWork: false });
    const mine = await deskWith();
    mine.send({ type: 'ui.select', id: 5 });
    await flush();
    expect(connectServiceDesk(mine.getSnapshot(), mine.send)).toMatchObject({ canTake: false, canWork: true });
  });

  it('发送 is enabled exactly when the machine takes a reply, and says it is busy while one runs', async () => {
    const actor = await deskWith();
    actor.send({ type: 'ui.select', id: 5 });
    await flush();
    const view = () => connectServiceDesk(actor.getSnapshot(), actor.send);
    expect(view().canReply).toBe(false);
    view().setDraft('您好');
    expect(view()).toMatchObject({ draft: '您好', canReply: true, busy: null });
    view().reply();
    expect(view()).toMatchObject({ canReply: false, busy: 'reply' });
  });

  it('shows paging back while it runs, and a picture only one at a time', async () => {
    const actor = await deskWith();
    actor.send({ type: 'ui.select', id: 5 });
    await flush();
    const view = () => connectServiceDesk(actor.getSnapshot(), actor.send);
    expect(view().open).toMatchObject({ id: 5, loadingOlder: false, hasMore: true });
    view().loadOlder();
    expect(view().open!.loadingOlder).toBe(true);
    expect(view().canPickPicture).toBe(true);
    view().sendPicture(PICTURE);
    expect(view().picture).toEqual({ file: PICTURE, progress: 0, failed: false, error: '' });
    expect(view().canPickPicture).toBe(false);
  });

  it('names take and close as busy while they run', async () => {
    const actor = await deskWith(CONVERSATION_OUTCOMES.ok);
    actor.send({ type: 'ui.select', id: 5 });
    await flush();
    connectServiceDesk(actor.getSnapshot(), actor.send).take();
    expect(connectServiceDesk(actor.getSnapshot(), actor.send).busy).toBe('take');
    const closing = await deskWith();
    closing.send({ type: 'ui.select', id: 5 });
    await flush();
    connectServiceDesk(closing.getSnapshot(), closing.send).close();
    expect(connectServiceDesk(closing.getSnapshot(), closing.send).busy).toBe('close');
  });

  it('gives the same intents for one send, each sending its event', async () => {
    const actor = await deskWith();
    const send = vi.fn();
    const first = connectServiceDesk(actor.getSnapshot(), send);
    const second = connectServiceDesk(actor.getSnapshot(), send);
    expect(second.select).toBe(first.select);
    first.setView('closed');
    first.select(5);
    first.back();
    first.retryPicture();
    first.dismissPicture();
    expect(send.mock.calls.map(([event]) => event)).toEqual([{ type: 'ui.view', view: 'closed' }, { type: 'ui.select', id: 5 }, { type: 'ui.back' }, { type: 'ui.retryPicture' }, { type: 'ui.dismissPicture' }]);
  });

  it('counts each list’s conversations on its tab (the closed list has none)', () => {
    expect(countOf(null, 'queued')).toBeNull();
    expect(countOf({ ...QUEUE, counts: { queued: 2, mine: 1, open: 4 } }, 'queued')).toBe(2);
    expect(countOf({ ...QUEUE, counts: { queued: 2, mine: 1, open: 4 } }, 'mine')).toBe(1);
    expect(countOf({ ...QUEUE, counts: { queued: 2, mine: 1, open: 4 } }, 'open')).toBe(4);
    expect(countOf({ ...QUEUE, counts: { queued: 2, mine: 1, open: 4 } }, 'closed')).toBeNull();
  });
});
