import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { createDeferredActors } from '../model-tests/deferred-actors.ts';
import { CONVERSATION_OUTCOMES, CONVERSATIONS, LIST_OUTCOMES, message, OLDER_OUTCOMES, PICTURE, QUEUE, REPLY_OUTCOMES, SERVICE_DESK_CALLS, TAKE_OUTCOMES, UPLOAD_OUTCOMES } from '../model-tests/service-desk.paths.ts';
import { LIST_RELOAD_DELAY_MS, serviceDeskMachine } from './service-desk.machine.ts';
import type { ConversationOutcome } from './service-desk.types.ts';

/** The desk's rules on a running actor: calls answered by the test, the connection's events sent by it. */
function start(isAdmin = false) {
  const calls = createDeferredActors(serviceDeskMachine, SERVICE_DESK_CALLS);
  const notified: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    serviceDeskMachine.provide({
      actors: { ...calls.actors, connection: fromCallback(() => {}) },
      actions: { notify: (_, params) => void notified.push(params.text) },
    }),
    { input: { isAdmin }, clock },
  ).start();
  const count = (id: string) => calls.calls.filter((call) => call.id === id).length;
  return { actor, calls, notified, clock, count, context: () => actor.getSnapshot().context };
}

/** A desk with its list loaded and conversation 5 open on its newest page. */
async function withOpen(page: ConversationOutcome = CONVERSATION_OUTCOMES.ok, isAdmin = false) {
  const desk = start(isAdmin);
  await desk.calls.resolve('loadList', LIST_OUTCOMES.ok);
  desk.actor.send({ type: 'ui.select', id: 5 });
  await desk.calls.resolve('loadConversation', page);
  return desk;
}

describe('service-desk machine', () => {
  it('loads the list and the quick replies at once; the list answer sets the clock offset', async () => {
    const { calls, context } = start();
    expect(calls.lastInput('loadList')).toEqual({ view: 'queued' });
    expect(calls.isPending('loadQuickReplies')).toBe(true);
    await calls.resolve('loadList', LIST_OUTCOMES.ok);
    expect(context().queue).toEqual(QUEUE);
    expect(context().clockOffset).toBe(1_500);
    await calls.resolve('loadQuickReplies', null);
    expect(context().quickReplies).toEqual([]);
  });

  it('a new list replaces one under way (its answer is never shown) and empties the shown list', async () => {
    const { actor, calls, context } = start();
    await calls.resolve('loadList', LIST_OUTCOMES.ok);
    actor.send({ type: 'ui.view', view: 'mine' });
    expect(context().queue!.list).toEqual([]);
    actor.send({ type: 'ui.view', view: 'open' });
    expect(calls.calls.filter((call) => call.id === 'loadList').map((call) => call.input)).toEqual([{ view: 'queued' }, { view: 'mine' }, { view: 'open' }]);
    await calls.resolve('loadList', LIST_OUTCOMES.refused);
    expect(context().listError).toBe('权限不足');
    expect(calls.isPending('loadList')).toBe(false);
  });

  it('opens a conversation from the list at once and shows its newest page when it comes', async () => {
    const { actor, context } = await withOpen();
    expect(context().open).toMatchObject({ id: 5, loading: false, hasMore: true, error: '', notice: null });
    expect(context().open!.messages.map((m) => m.id)).toEqual([2, 3]);
    expect(actor.getSnapshot().matches({ conversation: { open: { load: 'idle' } } })).toBe(true);
  });

  it('never shows an answer for a conversation that was left', async () => {
    const { actor, calls, context } = start();
    await calls.resolve('loadList', LIST_OUTCOMES.ok);
    actor.send({ type: 'ui.select', id: 5 });
    actor.send({ type: 'ui.select', id: 6 });
    expect(calls.lastInput('loadConversation')).toEqual({ id: 6 });
    // Choosing starts the conversation afresh, and only it: the list and the quick replies go on.
    expect(calls.calls.filter((call) => call.id === 'loadList' || call.id === 'loadQuickReplies')).toHaveLength(2);
    await calls.resolve('loadConversation', CONVERSATION_OUTCOMES.ok);
    // The one answer left is the one for 6 (the call for 5 was dropped).
    expect(calls.isPending('loadConversation')).toBe(false);
    expect(context().open!.id).toBe(6);
    actor.send({ type: 'ui.back' });
    expect(context().open).toBeNull();
  });

  describe('taking a conversation', () => {
    it('refuses a take with no conversation open, and a second action while one runs', async () => {
      const desk = start();
      desk.actor.send({ type: 'ui.take' });
      expect(desk.count('take')).toBe(0);
      const open = await withOpen();
      open.actor.send({ type: 'ui.take' });
      open.actor.send({ type: 'ui.take' });
      open.actor.send({ type: 'ui.close' });
      expect(open.count('take')).toBe(1);
      expect(open.count('close')).toBe(0);
    });

    it('taken: the toast, 我的会话, and the list and the conversation reloaded', async () => {
      const { actor, calls, notified, context, count } = await withOpen();
      actor.send({ type: 'ui.take' });
      expect(actor.getSnapshot().matches({ action: 'taking' })).toBe(true);
      await calls.resolve('take', TAKE_OUTCOMES.taken);
      expect(notified).toEqual(['接入成功']);
      expect(context().view).toBe('mine');
      expect(context().open!.conversation).toEqual(CONVERSATIONS.mine);
      expect(context().open!.notice).toBeNull();
      expect(calls.lastInput('loadList')).toEqual({ view: 'mine' });
      expect(count('loadConversation')).toBe(2);
      expect(context().actionId).toBeNull();
    });

    it('another agent took it first: the server’s words and who holds it; the view stays', async () => {
      const { actor, calls, notified, context, count } = await withOpen();
      actor.send({ type: 'ui.take' });
      await calls.resolve('take', TAKE_OUTCOMES.refused);
      expect(notified).toEqual(['该会话已被其他客服接待']);
      expect(context().view).toBe('queued');
      expect(context().open!.notice).toEqual({ kind: 'takenByOther', text: '该会话已被客服012（wang）接待' });
      expect(count('loadList')).toBe(2);
      expect(count('loadConversation')).toBe(1);
    });

    it('an admin is told they may only look', async () => {
      const { actor, calls, context } = await withOpen(CONVERSATION_OUTCOMES.ok, true);
      actor.send({ type: 'ui.take' });
      await calls.resolve('take', TAKE_OUTCOMES.refused);
      expect(context().open!.notice).toEqual({ kind: 'takenByOther', text: '该会话由客服012（wang）接待中，仅可查看' });
    });

    it('signed out: nothing more (the console goes back to sign-in)', async () => {
      const { actor, calls, notified, count } = await withOpen();
      actor.send({ type: 'ui.take' });
      await calls.resolve('take', TAKE_OUTCOMES.signedOut);
      expect(notified).toEqual([]);
      expect(count('loadList')).toBe(1);
      expect(actor.getSnapshot().matches({ action: 'idle' })).toBe(true);
    });
  });

  it('closing: the toast, 会话已结束, then the list and the conversation reloaded; no close without a conversation', async () => {
    const desk = start();
    desk.actor.send({ type: 'ui.close' });
    expect(desk.count('close')).toBe(0);
    const { actor, calls, notified, context, count } = await withOpen({ ...CONVERSATION_OUTCOMES.ok, conversation: CONVERSATIONS.mine });
    actor.send({ type: 'ui.close' });
    expect(calls.lastInput('close')).toEqual({ id: 5 });
    await calls.resolve('close', { kind: 'answered', message: '会话已结束', holder: CONVERSATIONS.closed });
    expect(notified).toEqual(['会话已结束']);
    expect(context().open!.notice).toEqual({ kind: 'closed', text: '会话已结束' });
    expect(count('loadList')).toBe(2);
    expect(count('loadConversation')).toBe(2);
  });

  it('a refused page says who holds the conversation now, or why it cannot be shown', async () => {
    const taken = await withOpen(CONVERSATION_OUTCOMES.taken);
    expect(taken.context().open).toMatchObject({ loading: false, conversation: CONVERSATIONS.other, error: '', notice: { kind: 'takenByOther', text: '该会话已被客服012（wang）接待' } });
    const gone = await withOpen(CONVERSATION_OUTCOMES.gone);
    expect(gone.context().open).toMatchObject({ loading: false, conversation: CONVERSATIONS.queued, error: '会话不存在', notice: null });
  });

  describe('paging back', () => {
    it('asks for the page before the oldest shown message and merges it in id order', async () => {
      const { actor, calls, context } = await withOpen();
      actor.send({ type: 'ui.older' });
      actor.send({ type: 'ui.older' });
      expect(calls.calls.filter((call) => call.id === 'loadOlder').map((call) => call.input)).toEqual([{ id: 5, beforeId: 2 }]);
      await calls.resolve('loadOlder', OLDER_OUTCOMES.ok);
      expect(context().open!.messages.map((m) => m.id)).toEqual([1, 2, 3]);
      expect(context().open!.hasMore).toBe(false);
      // Nothing older: no more pages are asked for.
      actor.send({ type: 'ui.older' });
      expect(calls.calls.filter((call) => call.id === 'loadOlder')).toHaveLength(1);
    });

    it('refuses without older messages or without any shown; a refused page shows its words', async () => {
      const empty = await withOpen({ ...CONVERSATION_OUTCOMES.ok, list: [] });
      empty.actor.send({ type: 'ui.older' });
      expect(empty.count('loadOlder')).toBe(0);
      const last = await withOpen({ ...CONVERSATION_OUTCOMES.ok, hasMore: false });
      last.actor.send({ type: 'ui.older' });
      expect(last.count('loadOlder')).toBe(0);
      const { actor, calls, context } = await withOpen();
      actor.send({ type: 'ui.older' });
      await calls.resolve('loadOlder', OLDER_OUTCOMES.refused);
      expect(context().open!.error).toBe('会话不存在');
      expect(context().open!.messages.map((m) => m.id)).toEqual([2, 3]);
    });
  });

  describe('pushed changes', () => {
    it('merges a pushed message of the open conversation once, in id order; another conversation’s is not shown', async () => {
      const { actor, context } = await withOpen();
      const push = (conversationId: number, id: number) => actor.send({ type: 'desk.event', event: { type: 'message', data: { conversation_id: conversationId, user_id: 8, message: message(id) } } });
      push(5, 4);
      push(5, 4);
      push(5, 1);
      push(6, 9);
      expect(context().open!.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    });

    it('reloads the list once, LIST_RELOAD_DELAY_MS after the first of many pushed events', async () => {
      const { actor, calls, clock, count } = await withOpen();
      for (const id of [4, 5, 6]) actor.send({ type: 'desk.event', event: { type: 'message', data: { conversation_id: 7, user_id: 9, message: message(id) } } });
      expect(count('loadList')).toBe(1);
      clock.increment(LIST_RELOAD_DELAY_MS - 1);
      expect(count('loadList')).toBe(1);
      clock.increment(1);
      expect(count('loadList')).toBe(2);
      await calls.resolve('loadList', LIST_OUTCOMES.ok);
    });

    it('a change of the open conversation reloads its page; a resync reloads the list and the page', async () => {
      const { actor, count } = await withOpen();
      actor.send({ type: 'desk.event', event: { type: 'conversation', data: { conversation_id: 5, user_id: 8, status: 'open', agent_id: 3, agent: '客服003' } } });
      expect(count('loadConversation')).toBe(2);
      actor.send({ type: 'desk.resync' });
      expect(count('loadList')).toBe(2);
      expect(count('loadConversation')).toBe(3);
      actor.send({ type: 'desk.state', state: 'polling' });
      expect(actor.getSnapshot().context.connection).toBe('polling');
    });
  });

  describe('replying', () => {
    it('sends the draft, clears it when sent and shows the message; refuses an empty draft', async () => {
      const { actor, calls, context } = await withOpen({ ...CONVERSATION_OUTCOMES.ok, conversation: CONVERSATIONS.mine });
      actor.send({ type: 'ui.draft', text: '   ' });
      actor.send({ type: 'ui.reply' });
      expect(calls.isPending('reply')).toBe(false);
      actor.send({ type: 'ui.draft', text: '您好' });
      actor.send({ type: 'ui.reply' });
      expect(calls.lastInput('reply')).toEqual({ id: 5, text: '您好' });
      await calls.resolve('reply', REPLY_OUTCOMES.sent);
      expect(context().draft).toBe('');
      expect(context().open!.messages.map((m) => m.id)).toEqual([2, 3, 10]);
    });

    it('a refused reply keeps the draft, says why, and reloads the conversation', async () => {
      const { actor, calls, notified, context, count } = await withOpen({ ...CONVERSATION_OUTCOMES.ok, conversation: CONVERSATIONS.mine });
      actor.send({ type: 'ui.draft', text: '您好' });
      actor.send({ type: 'ui.reply' });
      await calls.resolve('reply', REPLY_OUTCOMES.refused);
      expect(notified).toEqual(['会话已结束']);
      expect(context().draft).toBe('您好');
      expect(count('loadConversation')).toBe(2);
    });
  });

  describe('a picture', () => {
    it('uploads with its progress, then sends the key; the pending line goes when it is sent', async () => {
      const { actor, calls, context } = await withOpen({ ...CONVERSATION_OUTCOMES.ok, conversation: CONVERSATIONS.mine });
      actor.send({ type: 'ui.picture', file: PICTURE });
      (calls.lastInput('upload') as { onProgress(percent: number): void }).onProgress(45);
      expect(context().picture).toMatchObject({ file: PICTURE, progress: 45, failed: false });
      await calls.resolve('upload', UPLOAD_OUTCOMES.uploaded);
      expect(context().picture!.progress).toBe(100);
      expect(calls.lastInput('sendPicture')).toEqual({ id: 5, image: 'service/a.webp' });
      await calls.resolve('sendPicture', { kind: 'sent', message: message(11, { direction: 'out', kind: 'agent', image: '/media/service/a.webp', content: '' }) });
      expect(context().picture).toBeNull();
      expect(context().open!.messages.map((m) => m.id)).toEqual([2, 3, 11]);
    });

    it('a refused upload offers retry (the same file) and dismiss; a new picture waits for the pending one', async () => {
      const { actor, calls, context, count } = await withOpen({ ...CONVERSATION_OUTCOMES.ok, conversation: CONVERSATIONS.mine });
      actor.send({ type: 'ui.picture', file: PICTURE });
      actor.send({ type: 'ui.picture', file: new Blob([]) });
      expect(count('upload')).toBe(1);
      await calls.resolve('upload', UPLOAD_OUTCOMES.failed);
      expect(context().picture).toMatchObject({ failed: true, error: '只支持 JPG、PNG、WebP 图片', progress: 0 });
      actor.send({ type: 'ui.retryPicture' });
      expect(count('upload')).toBe(2);
      expect((calls.lastInput('upload') as { file: Blob }).file).toBe(PICTURE);
      await calls.resolve('upload', UPLOAD_OUTCOMES.failed);
      actor.send({ type: 'ui.dismissPicture' });
      expect(context().picture).toBeNull();
    });

    it('leaving the conversation drops the pending picture', async () => {
      const { actor, calls, context } = await withOpen();
      actor.send({ type: 'ui.picture', file: PICTURE });
      actor.send({ type: 'ui.back' });
      expect(context().picture).toBeNull();
      expect(calls.isPending('upload')).toBe(false);
    });
  });
});
