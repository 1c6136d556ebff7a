import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { classifyResponse } from '../api/outcome.ts';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES, CHAT_PAGE_LIMIT, REPLY_REFRESH_MARGIN_MS } from './service-chat.constants.ts';
import { canSend, mergeMessages, serviceChatMachine } from './service-chat.machine.ts';
import type { ChatMessage, ChatPage, ChatPageInput, ChatPageOutcome, SendInput, SendOutcome, SendResult, TicketOutcome, UploadInput, UploadResult } from './service-chat.types.ts';

const at = (second: number) => new Date(Date.UTC(2026, 2, 2, 2, 0, second)).toISOString();
const msg = (id: number, direction: 'in' | 'out' = 'out', second = id): ChatMessage => ({ id, direction, kind: direction === 'in' ? 'user' : 'auto', content: `m${id}`, image: null, agent: null, created_at: at(second) });
const okPage = (data: ChatPage): ChatPageOutcome => classifyResponse({ code: 1, msg: 'success', data });
const okSend = (data: SendResult): SendOutcome => classifyResponse({ code: 1, msg: '发送成功', data });
const SERVICE = { hours: '每日 9:00-23:00', status: 'online' as const };

function start() {
  const clock = new SimulatedClock();
  const queues = { link: [] as Array<(o: unknown) => void>, record: [] as Array<(o: unknown) => void>, send: [] as Array<(o: unknown) => void>, ticket: [] as Array<(o: unknown) => void>, upload: [] as Array<(o: unknown) => void> };
  const inputs = { link: [] as ChatPageInput[], record: [] as ChatPageInput[], send: [] as SendInput[], ticket: [] as unknown[], upload: [] as UploadInput[] };
  const toast = vi.fn<(message: string) => void>();
  const deferred = <I, O>(kind: keyof typeof queues) =>
    fromPromise<O, I>(
      ({ input }) =>
        new Promise<O>((resolve) => {
          (inputs[kind] as I[]).push(input);
          queues[kind].push(resolve as (o: unknown) => void);
        }),
    );
  const actor = createActor(
    serviceChatMachine.provide({
      actors: {
        getChatLink: deferred<ChatPageInput, ChatPageOutcome>('link'),
        getChatLinkRecord: deferred<ChatPageInput, ChatPageOutcome>('record'),
        sendServiceMessage: deferred<SendInput, SendOutcome>('send'),
        getUploadTicket: deferred<unknown, TicketOutcome>('ticket'),
        uploadImage: deferred<UploadInput, UploadResult>('upload'),
      },
      actions: { showToast: (_, params) => toast(params.message) },
    }),
    { clock },
  ).start();
  const answer = async (kind: keyof typeof queues, outcome: unknown) => {
    queues[kind].shift()!(outcome);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, clock, answer, inputs, toast };
}

describe('service chat machine', () => {
  it('loads the newest page, then older pages while some remain, merged oldest first', async () => {
    const { actor, answer, inputs } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(inputs.link).toEqual([{ page: 1, limit: CHAT_PAGE_LIMIT }]);
    await answer('link', okPage({ list: [msg(3), msg(4)], total: 5, page: 1, limit: 2, service: SERVICE }));
    expect(actor.getSnapshot().context).toMatchObject({ total: 5, pagesLoaded: 1, service: SERVICE });
    actor.send({ type: 'ui.older' });
    expect(inputs.record).toEqual([{ page: 2, limit: CHAT_PAGE_LIMIT }]);
    actor.send({ type: 'ui.older' }); // already loading: ignored
    expect(inputs.record).toHaveLength(1);
    await answer('record', okPage({ list: [msg(1), msg(2), msg(3)], total: 5, page: 2, limit: 2 }));
    actor.send({ type: 'ui.older' });
    await answer('record', okPage({ list: [msg(0)], total: 5, page: 3, limit: 2 }));
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([0, 1, 2, 3, 4]);
    actor.send({ type: 'ui.older' }); // all loaded
    expect(inputs.record).toHaveLength(2);
  });

  it('a failed first load shows the error and retries', async () => {
    const { actor, answer } = start();
    await answer('link', { kind: 'error', reason: 'network', code: null, msg: '网络异常，请稍后再试' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('网络异常，请稍后再试');
    actor.send({ type: 'ui.retry' });
    await answer('link', okPage({ list: [], total: 0, page: 1, limit: 20 }));
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sends the trimmed draft, appends it, clears the draft, and reloads when the reply is due', async () => {
    const { actor, clock, answer, inputs } = start();
    await answer('link', okPage({ list: [msg(1)], total: 1, page: 1, limit: 20 }));
    actor.send({ type: 'ui.send' }); // empty draft: nothing
    expect(inputs.send).toHaveLength(0);
    actor.send({ type: 'ui.draft.change', value: '  充值没到账 ' });
    actor.send({ type: 'ui.send' });
    expect(inputs.send).toEqual([{ content: '充值没到账' }]);
    await answer('send', okSend({ message: msg(2, 'in'), reply_in_ms: 3_000 }));
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', total: 2 });
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([1, 2]);
    clock.increment(3_000 + REPLY_REFRESH_MARGIN_MS - 1);
    expect(inputs.link).toHaveLength(1);
    clock.increment(1);
    expect(inputs.link).toHaveLength(2);
    await answer('link', okPage({ list: [msg(1), msg(2, 'in'), msg(3)], total: 3, page: 1, limit: 20 }));
    expect(actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('a refused send keeps the draft; a failed one also toasts', async () => {
    const { actor, answer, toast } = start();
    await answer('link', okPage({ list: [], total: 0, page: 1, limit: 20 }));
    actor.send({ type: 'ui.draft.change', value: '你好' });
    actor.send({ type: 'ui.send' });
    await answer('send', classifyResponse({ code: -1, msg: '请输入消息内容', data: null }));
    expect(actor.getSnapshot().context.draft).toBe('你好');
    expect(toast).not.toHaveBeenCalled();
    actor.send({ type: 'ui.send' });
    await answer('send', { kind: 'error', reason: 'timeout', code: null, msg: '请求超时' });
    expect(toast.mock.calls).toEqual([[CHAT_MESSAGES.sendFailed]]);
    expect(actor.getSnapshot().context.draft).toBe('你好');
  });

  it('ui.refresh (a new 客服消息) reloads the newest page', async () => {
    const { actor, answer, inputs } = start();
    await answer('link', okPage({ list: [msg(1)], total: 1, page: 1, limit: 20 }));
    actor.send({ type: 'ui.refresh' });
    expect(inputs.link).toHaveLength(2);
    await answer('link', okPage({ list: [msg(1), msg(2)], total: 2, page: 1, limit: 20 }));
    expect(actor.getSnapshot().context.messages).toHaveLength(2);
  });

  it('a pushed message joins the chat at once, once', async () => {
    const { actor, answer } = start();
    await answer('link', okPage({ list: [msg(1)], total: 1, page: 1, limit: 20 }));
    const pushed = { ...msg(2), kind: 'agent' as const, agent: '客服007' };
    actor.send({ type: 'live.message', message: pushed });
    actor.send({ type: 'live.message', message: pushed });
    expect(actor.getSnapshot().context.messages).toEqual([msg(1), pushed]);
    expect(actor.getSnapshot().context.total).toBe(2);
  });

  it('a picture: ticket, upload with progress, then the message; the queue of the answer is kept', async () => {
    const { actor, answer, inputs, clock } = start();
    await answer('link', okPage({ list: [msg(1)], total: 1, page: 1, limit: 20 }));
    const file = new Blob(['png']);
    actor.send({ type: 'ui.image.pick', file });
    expect(actor.getSnapshot().matches({ ready: { outbox: { image: 'ticket' } } })).toBe(true);
    expect(actor.getSnapshot().context.image).toEqual({ file, progress: 0, key: null, error: null });
    actor.send({ type: 'ui.send' }); // one thing at a time
    expect(inputs.send).toHaveLength(0);
    await answer('ticket', classifyResponse({ code: 1, msg: 'success', data: { url: '/upload/t1', method: 'POST', expires_in: 300, max_bytes: 1, accept: [] } }));
    expect(inputs.upload[0]).toMatchObject({ url: '/upload/t1', file });
    inputs.upload[0]!.onProgress(42.4);
    expect(actor.getSnapshot().context.image?.progress).toBe(42);
    await answer('upload', { ok: true, key: 'service/a.webp', url: '/media/service/a.webp' });
    expect(inputs.send).toEqual([{ image: 'service/a.webp' }]);
    const sentPicture = { ...msg(2, 'in'), kind: 'user' as const, content: '', image: '/media/service/a.webp' };
    const queue = { state: 'queued' as const, conversation_id: 1, position: 1, agent: null, last_message_id: 2, status: 'online' as const, text: '排队中 第1位' };
    await answer('send', okSend({ message: sentPicture, reply_in_ms: 3_000, queue }));
    expect(actor.getSnapshot().context).toMatchObject({ image: null, queue, total: 2 });
    expect(actor.getSnapshot().context.messages.at(-1)).toEqual(sentPicture);
    expect(actor.getSnapshot().matches({ ready: { outbox: 'idle', latest: 'awaitingReply' } })).toBe(true);
    clock.increment(3_000 + REPLY_REFRESH_MARGIN_MS);
    expect(inputs.link).toHaveLength(2);
  });

  it('a failed picture step shows why; 重试 starts from a new ticket, 取消 drops it; an ended session drops it too', async () => {
    const { actor, answer, inputs } = start();
    await answer('link', okPage({ list: [], total: 0, page: 1, limit: 20 }));
    actor.send({ type: 'ui.image.pick', file: new Blob(['x']) });
    await answer('ticket', classifyResponse({ code: 1, msg: 'success', data: { url: '/upload/t1', method: 'POST', expires_in: 300, max_bytes: 1, accept: [] } }));
    await answer('upload', { ok: false, message: '图片不能超过5MB' });
    expect(actor.getSnapshot().matches({ ready: { outbox: { image: 'failed' } } })).toBe(true);
    expect(actor.getSnapshot().context.image?.error).toBe('图片不能超过5MB');
    actor.send({ type: 'ui.image.retry' });
    expect(inputs.ticket).toHaveLength(2);
    await answer('ticket', { kind: 'error', reason: 'network', code: null, msg: '网络异常' });
    expect(actor.getSnapshot().context.image?.error).toBe(CHAT_MESSAGES.network);
    actor.send({ type: 'ui.image.dismiss' });
    expect(actor.getSnapshot().context.image).toBeNull();
    expect(actor.getSnapshot().matches({ ready: { outbox: 'idle' } })).toBe(true);
    actor.send({ type: 'ui.image.pick', file: new Blob(['y']) });
    await answer('ticket', { kind: 'sessionExpired', code: 104, msg: '登录信息已过期' });
    expect(actor.getSnapshot().context.image).toBeNull();
    actor.send({ type: 'ui.image.pick', file: new Blob(['z']) });
    await answer('ticket', classifyResponse({ code: 1, msg: 'success', data: { url: '/upload/t3', method: 'POST', expires_in: 300, max_bytes: 1, accept: [] } }));
    await answer('upload', { ok: true, key: 'service/z.webp', url: '/media/service/z.webp' });
    await answer('send', classifyResponse({ code: -1, msg: '图片无效，请重新上传', data: null }));
    expect(actor.getSnapshot().context.image?.error).toBe('图片无效，请重新上传');
  });

  it('helpers: canSend counts characters, mergeMessages dedupes and orders', () => {
    expect(canSend('   ')).toBe(false);
    expect(canSend('😀'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toBe(true);
    expect(canSend('a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toBe(false);
    expect(mergeMessages([msg(2), msg(1)], [msg(3, 'out', 1), msg(2)]).map((m) => m.id)).toEqual([1, 3, 2]);
  });
});
