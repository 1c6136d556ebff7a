import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../../api/protocol/service-chat.ts';
import type { DeskConversation } from '../../../../api/protocol/service-desk.ts';
import { staffTestRuntime } from '../../staff.test-helper.tsx';

const stand = staffTestRuntime();

/**
 * 客服工作台 against a stand-in server (the staff client's fetch, staff.test-helper.tsx), a stand-in
 * EventSource (the agents' stream) and XMLHttpRequest (the picture upload): what the agent sees
 * when a message is pushed, when another agent took the conversation first, and while a picture
 * uploads.
 */

const T0 = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({ id, direction: 'in', kind: 'user', content: `消息${id}`, image: null, agent: null, created_at: iso(T0), ...overrides });
const conversation = (overrides: Partial<DeskConversation> = {}): DeskConversation => ({
  id: 5,
  user_id: 8,
  user_uuid: 'uuid-8',
  nickname: '小明',
  status: 'queued',
  agent_id: null,
  agent: null,
  agent_name: null,
  mine: false,
  readable: true,
  position: 1,
  created_at: iso(T0 - 95_000),
  taken_at: null,
  closed_at: null,
  last_message_at: iso(T0),
  last_message: { direction: 'in', kind: 'user', content: '充值没到账', has_image: false },
  ...overrides,
});

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  push(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

class FakeXhr {
  static pending: FakeXhr | null = null;
  static sent: Array<{ url: string; headers: Record<string, string> }> = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  withCredentials = false;
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
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

type Answer = { code: number; msg: string; data: unknown };
const ok = (data: unknown, msg = 'success'): Answer => ({ code: 1, msg, data });
const queueAnswer = (list: DeskConversation[]) => ok({ list, counts: { queued: list.filter((c) => c.status === 'queued').length, mine: 0, open: 0 }, server_time: iso(Date.now()) });

let calls: Array<{ path: string; payload: Record<string, unknown> }> = [];

async function renderDesk(answer: (path: string, payload: Record<string, unknown>) => Answer) {
  calls = [];
  stand.serve(calls, (path, payload) => {
    return answer(path, payload);
  });
  // Imported once EventSource is stubbed (the connection checks for it when its module loads).
  const { default: DeskPage } = await import('./DeskPage.tsx');
  render(<DeskPage staff={{ id: 3, name: 'dev-agent', role: 'agent' }} />, { wrapper: stand.wrapper });
  await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  const source = FakeEventSource.instances[0]!;
  await act(async () => source.onopen!({}));
  return source;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  FakeXhr.pending = null;
  FakeXhr.sent = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('客服工作台', () => {
  it('lists the queue with the waiting time, opens the history, and shows a pushed message at once', async () => {
    const source = await renderDesk((path) => {
      if (path.endsWith('/queue')) return queueAnswer([conversation()]);
      if (path.endsWith('/quickReplies')) return ok({ list: [] });
      if (path.endsWith('/messages')) return ok({ conversation: conversation(), list: [message(1, { content: '充值没到账' })], has_more: false, server_time: iso(Date.now()) });
      throw new Error(path);
    });
    expect(await screen.findByText('实时')).toBeTruthy();
    const item = await screen.findByTestId('desk-item-5');
    expect(item.textContent).toContain('小明');
    expect(item.textContent).toContain('排队中 第1位');
    expect(item.textContent).toContain('等待 1分钟');
    fireEvent.click(item);
    const chat = await screen.findByRole('list', { name: '聊天记录' });
    expect(await within(chat).findByText('充值没到账')).toBeTruthy();
    expect(screen.getByText('接入后即可回复')).toBeTruthy();
    await act(async () => source.push('message', { conversation_id: 5, user_id: 8, message: message(2, { content: '有人吗' }) }));
    expect(within(chat).getByText('有人吗')).toBeTruthy();
    // A message of another conversation is not shown here.
    await act(async () => source.push('message', { conversation_id: 6, user_id: 9, message: message(3, { content: '别人的消息' }) }));
    expect(within(chat).queryByText('别人的消息')).toBeNull();
  });

  it('when another agent took it first: the server’s words, who has it, and no way to reply', async () => {
    const taken = conversation({ status: 'open', agent_id: 12, agent: '客服012', agent_name: 'wang', position: null, readable: false, last_message: null });
    await renderDesk((path) => {
      if (path.endsWith('/queue')) return queueAnswer([conversation()]);
      if (path.endsWith('/quickReplies')) return ok({ list: [] });
      if (path.endsWith('/messages')) return ok({ conversation: conversation(), list: [message(1)], has_more: false, server_time: iso(Date.now()) });
      if (path.endsWith('/take')) return { code: -1, msg: '该会话已被其他客服接待', data: { conversation: taken } };
      throw new Error(path);
    });
    fireEvent.click(await screen.findByTestId('desk-item-5'));
    fireEvent.click(await screen.findByRole('button', { name: '接入会话' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('该会话已被客服012（wang）接待');
    expect(screen.queryByRole('button', { name: '接入会话' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: '回复内容' })).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/take'))).toEqual([{ path: '/staff/api/service/take', payload: { id: 5 } }]);
  });

  it('replies with a quick reply and uploads a picture with its progress', async () => {
    const mine = conversation({ status: 'open', mine: true, agent_id: 3, agent: '客服003', agent_name: 'dev-agent', position: null });
    let sent = 10;
    await renderDesk((path, payload) => {
      if (path.endsWith('/queue')) return queueAnswer([mine]);
      if (path.endsWith('/quickReplies')) return ok({ list: [{ id: 1, content: '请提供订单号', sort: 10 }] });
      if (path.endsWith('/messages')) return ok({ conversation: mine, list: [message(1)], has_more: false, server_time: iso(Date.now()) });
      if (path.endsWith('/uploadTicket')) return ok({ url: '/staff/upload/tkt', method: 'POST', expires_in: 300, max_bytes: 5_242_880, accept: ['image/png'] });
      if (path.endsWith('/reply')) {
        const image = typeof payload.image === 'string' ? `/media/${payload.image}` : null;
        return ok({ message: message(++sent, { direction: 'out', kind: 'agent', agent: '客服003', content: typeof payload.text === 'string' ? payload.text : '', image }) }, '已发送');
      }
      throw new Error(path);
    });
    fireEvent.click(await screen.findByTestId('desk-item-5'));
    const chat = await screen.findByRole('list', { name: '聊天记录' });
    fireEvent.click(screen.getByRole('button', { name: '快捷回复' }));
    fireEvent.click(await screen.findByText('请提供订单号'));
    const box = screen.getByRole('textbox', { name: '回复内容' }) as HTMLTextAreaElement;
    expect(box.value).toBe('请提供订单号');
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await within(chat).findByText('请提供订单号')).toBeTruthy();
    expect(box.value).toBe('');
    expect(calls.find((c) => c.path.endsWith('/reply'))!.payload).toEqual({ id: 5, text: '请提供订单号' });

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('desk-picture-input'), { target: { files: [file] } });
    await vi.waitFor(() => expect(FakeXhr.pending).not.toBeNull());
    expect(FakeXhr.sent[0]).toEqual({ url: '/staff/upload/tkt', headers: { 'x-csrf-token': 'csrf-1' } });
    await act(async () => FakeXhr.pending!.progress(45));
    expect(screen.getByText('上传中 45%')).toBeTruthy();
    await act(async () => FakeXhr.pending!.answer(200, { code: 1, msg: '上传成功', data: { key: 'service/abc.webp', url: '/media/service/abc.webp' } }));
    expect(await within(chat).findByRole('img', { name: '聊天图片' })).toBeTruthy();
    expect(screen.queryByText(/上传中/)).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/reply')).at(-1)!.payload).toEqual({ id: 5, image: 'service/abc.webp' });
  });

  it('a refused upload offers 重试 and 取消', async () => {
    const mine = conversation({ status: 'open', mine: true, agent_id: 3, agent: '客服003', position: null });
    await renderDesk((path) => {
      if (path.endsWith('/queue')) return queueAnswer([mine]);
      if (path.endsWith('/quickReplies')) return ok({ list: [] });
      if (path.endsWith('/messages')) return ok({ conversation: mine, list: [message(1)], has_more: false, server_time: iso(Date.now()) });
      if (path.endsWith('/uploadTicket')) return ok({ url: '/staff/upload/tkt', method: 'POST', expires_in: 300, max_bytes: 5_242_880, accept: ['image/png'] });
      throw new Error(path);
    });
    fireEvent.click(await screen.findByTestId('desk-item-5'));
    await screen.findByRole('list', { name: '聊天记录' });
    fireEvent.change(screen.getByTestId('desk-picture-input'), { target: { files: [new File([new Uint8Array([1, 2])], 'x.png', { type: 'image/png' })] } });
    await vi.waitFor(() => expect(FakeXhr.pending).not.toBeNull());
    await act(async () => FakeXhr.pending!.answer(415, { code: -1, msg: '只支持 JPG、PNG、WebP 图片', data: null }));
    expect(await screen.findByText('只支持 JPG、PNG、WebP 图片')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByText('只支持 JPG、PNG、WebP 图片')).toBeNull();
  });
});
