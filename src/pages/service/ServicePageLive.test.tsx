import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { encodeStreamEvent, type ChatMessage, type ServiceQueue, type ServiceStreamEvent } from '../../../api/protocol/service-chat.ts';
import { servicePollMachine } from '../../../machines/service-poll.machine.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { readyActor } from '../../features/deferred-actor.ts';
import ServicePage from './ServicePage.tsx';
import { CHAT_CALLS } from './use-service-chat.ts';

/** /service with the server's push: a stand-in EventSource and XMLHttpRequest (jsdom has neither behaving). */

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 2, minute)).toISOString();
const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({ id, direction: 'out', kind: 'auto', content: `消息${id}`, image: null, agent: null, created_at: at(id), ...overrides });
const queue = (overrides: Partial<ServiceQueue> = {}): ServiceQueue => ({ state: 'queued', conversation_id: 3, position: 2, agent: null, last_message_id: 1, status: 'online', text: '排队中 第2位', ...overrides });
const ok = (data: unknown): ApiOutcome => ({ kind: 'ok', code: 1, msg: 'success', data });

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** Sends one event as the server encodes it. */
  push(event: ServiceStreamEvent) {
    const frame = encodeStreamEvent(event);
    const data = frame.split('\n').find((line) => line.startsWith('data: '))!.slice(6);
    for (const listener of this.listeners.get(event.type) ?? []) listener(new MessageEvent(event.type, { data, lastEventId: String(event.id) }));
  }
}

/** An upload that reports half, then the whole, then the server's answer. */
class FakeXhr {
  static sent: Array<{ url: string; headers: Record<string, string> }> = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  private url = '';
  private readonly headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {
    FakeXhr.sent.push({ url: this.url, headers: this.headers });
    FakeXhr.pending = this;
  }
  static pending: FakeXhr | null = null;
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  FakeXhr.sent = [];
  FakeXhr.pending = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(answers: (path: string, payload: Record<string, unknown>) => ApiOutcome) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answers(path, payload));
  const servicePoll = createActor(servicePollMachine, { input: { lastSeenId: null } }).start();
  servicePoll.send({ type: 'session.signedIn' });
  const session = { getSnapshot: () => ({ context: { credentials: { token: 'tok', uuid: 'uuid-1' } } }), send: vi.fn() };
  const runtime = { api: { call }, session, inspect: () => {}, servicePoll: readyActor(servicePoll) } as unknown as AppRuntime;
  const view = render(
    <Router hook={memoryLocation({ path: '/service' }).hook}>
      <RuntimeProvider runtime={runtime}>
        <ServicePage />
      </RuntimeProvider>
    </Router>,
  );
  return { call, view };
}

const firstPage = (extra: Partial<{ queue: ServiceQueue; list: ChatMessage[] }> = {}) =>
  ok({ list: extra.list ?? [message(1, { kind: 'welcome', content: '欢迎' })], total: (extra.list ?? [1]).length, page: 1, limit: 20, service: { hours: '每日 9:00-23:00', status: 'online' }, queue: extra.queue ?? queue() });

describe('/service with agents', () => {
  it('shows the queue, opens the stream after the newest message, and shows an agent reply at once', async () => {
    const { call } = renderPage((path) => {
      if (path === CHAT_CALLS.first) return firstPage();
      if (path === CHAT_CALLS.streamTicket) return ok({ url: '/api/service/stream?ticket=abc', expires_in: 60, status: 'online' });
      throw new Error(path);
    });
    const chat = await screen.findByRole('list', { name: '聊天记录' });
    expect(await screen.findByText('排队中 第2位')).toBeTruthy();
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe(`${window.location.origin}/api/service/stream?ticket=abc&last_event_id=1`);
    await act(async () => source.onopen!({}));
    expect(screen.queryByText('正在连接客服…')).toBeNull();

    await act(async () => source.push({ type: 'queue', id: 2, queue: queue({ state: 'open', position: null, agent: '客服007', text: '客服007为您服务' }) }));
    expect(screen.getByText('客服007为您服务')).toBeTruthy();
    await act(async () => source.push({ type: 'message', id: 2, message: message(2, { kind: 'system', content: '客服007已接入，很高兴为您服务' }) }));
    await act(async () => source.push({ type: 'message', id: 3, message: message(3, { kind: 'agent', agent: '客服007', content: '您好，请问有什么可以帮您？' }) }));
    // At once: no call was made for it.
    expect(within(chat).getByText('您好，请问有什么可以帮您？')).toBeTruthy();
    expect(within(chat).getByText('客服007已接入，很高兴为您服务').className).toBe('chat-note');
    const agentLine = within(chat).getByText('客服007', { selector: '.chat-message__agent' });
    expect(agentLine.closest('li')!.className).toBe('chat-message chat-message--out');
    expect(call.mock.calls.map(([path]) => path)).toEqual([CHAT_CALLS.first, CHAT_CALLS.streamTicket]);

    await act(async () => source.push({ type: 'closed', id: 4, queue: queue({ state: 'closed', position: null, agent: '客服007', text: '已结束' }) }));
    expect(screen.getByText('已结束')).toBeTruthy();
    expect(screen.getByText('发送消息将重新排队')).toBeTruthy();
  });

  it('when the stream fails it says so and polls: a newer message on the server reloads the chat', async () => {
    let newer = false;
    const { call } = renderPage((path) => {
      if (path === CHAT_CALLS.first) return firstPage({ list: newer ? [message(1), message(2, { kind: 'agent', agent: '客服008', content: '轮询送达的回复' })] : [message(1)] });
      if (path === CHAT_CALLS.streamTicket) return ok({ url: '/api/service/stream?ticket=abc', expires_in: 60, status: 'online' });
      if (path === CHAT_CALLS.queue) return ok(queue({ state: 'open', agent: '客服008', position: null, last_message_id: newer ? 2 : 1 }));
      throw new Error(path);
    });
    await screen.findByRole('list', { name: '聊天记录' });
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    newer = true;
    await act(async () => FakeEventSource.instances[0]!.onerror!({}));
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(await screen.findByText('连接不稳定，每20秒刷新')).toBeTruthy();
    expect(await screen.findByText('轮询送达的回复')).toBeTruthy();
    expect(call.mock.calls.map(([path]) => path)).toEqual([CHAT_CALLS.first, CHAT_CALLS.streamTicket, CHAT_CALLS.queue, CHAT_CALLS.first]);
  });

  it('sends a picture with upload progress, and shows pictures large on tap', async () => {
    const { call } = renderPage((path, payload) => {
      if (path === CHAT_CALLS.first) return firstPage({ list: [message(1, { kind: 'agent', agent: '客服007', content: '', image: '/media/service/a.webp' })] });
      if (path === CHAT_CALLS.streamTicket) return ok({ url: null, expires_in: 0, status: 'offline' });
      if (path === CHAT_CALLS.uploadTicket) return ok({ url: '/upload/tkt', method: 'POST', expires_in: 300, max_bytes: 5242880, accept: ['image/png'] });
      if (path === CHAT_CALLS.send) return ok({ message: message(5, { direction: 'in', kind: 'user', content: '', image: '/media/service/b.webp' }), reply_in_ms: null, queue: queue({ position: 1, text: '排队中 第1位' }) });
      throw new Error(`${path} ${JSON.stringify(payload)}`);
    });
    const chat = await screen.findByRole('list', { name: '聊天记录' });
    // Off hours: no stream, the header says so.
    expect(await screen.findByText('客服已下线 · 服务时间 每日 9:00-23:00')).toBeTruthy();
    expect(FakeEventSource.instances).toHaveLength(0);

    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
    await act(async () => fireEvent.change(screen.getByTestId('service-picture-input'), { target: { files: [picture] } }));
    await vi.waitFor(() => expect(FakeXhr.pending).not.toBeNull());
    expect(FakeXhr.sent[0]).toEqual({ url: `${window.location.origin}/upload/tkt`, headers: { authorization: 'Bearer tok', 'x-user-uuid': 'uuid-1' } });
    await act(async () => FakeXhr.pending!.progress(45));
    expect(within(chat).getByText('上传中 45%')).toBeTruthy();
    expect((screen.getByRole('button', { name: '选择图片' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => FakeXhr.pending!.answer(200, { code: 1, msg: '上传成功', data: { key: 'service/b.webp', url: '/media/service/b.webp' } }));
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith(CHAT_CALLS.send, { image: 'service/b.webp' }, expect.anything()));
    await vi.waitFor(() => expect(within(chat).getAllByRole('img', { name: '聊天图片' })).toHaveLength(2));
    expect(within(chat).queryByText(/上传中/)).toBeNull();
    expect(await screen.findByText('排队中 第1位')).toBeTruthy();

    fireEvent.click(within(chat).getAllByRole('button', { name: '查看图片' })[0]!);
    const viewer = screen.getByRole('dialog', { name: '查看图片' });
    expect((within(viewer).getByRole('img') as HTMLImageElement).getAttribute('src')).toBe('/media/service/a.webp');
    // A tap on the picture (what fills the viewer) closes it.
    fireEvent.click(within(viewer).getByRole('img'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '查看图片' })).toBeNull());
  });

  it('a failed upload offers 重试 and 取消', async () => {
    renderPage((path) => {
      if (path === CHAT_CALLS.first) return firstPage();
      if (path === CHAT_CALLS.streamTicket) return ok({ url: null, expires_in: 0, status: 'offline' });
      if (path === CHAT_CALLS.uploadTicket) return ok({ url: '/upload/tkt', method: 'POST', expires_in: 300, max_bytes: 5242880, accept: ['image/png'] });
      throw new Error(path);
    });
    const chat = await screen.findByRole('list', { name: '聊天记录' });
    await act(async () => fireEvent.change(screen.getByTestId('service-picture-input'), { target: { files: [new File(['x'], 'x.png', { type: 'image/png' })] } }));
    await vi.waitFor(() => expect(FakeXhr.pending).not.toBeNull());
    await act(async () => FakeXhr.pending!.answer(415, { code: -1, msg: '仅支持JPG、PNG、WebP格式的图片', data: null }));
    expect(await within(chat).findByText('仅支持JPG、PNG、WebP格式的图片')).toBeTruthy();
    FakeXhr.pending = null;
    fireEvent.click(within(chat).getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(FakeXhr.pending).not.toBeNull());
    await act(async () => FakeXhr.pending!.answer(415, { code: -1, msg: '仅支持JPG、PNG、WebP格式的图片', data: null }));
    fireEvent.click(await within(chat).findByRole('button', { name: '取消' }));
    expect(within(chat).queryByText('仅支持JPG、PNG、WebP格式的图片')).toBeNull();
  });
});
