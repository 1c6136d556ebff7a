import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { servicePollMachine } from '../../../machines/service-poll.machine.ts';
import type { ChatMessage } from '../../../machines/service-chat.types.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { readyActor } from '../../features/deferred-actor.ts';
import ServicePage from './ServicePage.tsx';
import { CHAT_CALLS } from './use-service-chat.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 2, minute)).toISOString();
const message = (id: number, direction: 'in' | 'out', content: string, minute = id): ChatMessage => ({ id, direction, kind: direction === 'in' ? 'user' : 'auto', content, image: null, agent: null, created_at: at(minute) });
const ok = (data: unknown): ApiOutcome => ({ kind: 'ok', code: 1, msg: 'success', data });

function renderPage(answers: (path: string, payload: Record<string, unknown>) => ApiOutcome) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answers(path, payload));
  const servicePoll = createActor(servicePollMachine, { input: { lastSeenId: null } }).start();
  servicePoll.send({ type: 'session.signedIn' });
  const runtime = { api: { call }, inspect: () => {}, servicePoll: readyActor(servicePoll) } as unknown as AppRuntime;
  render(
    <Router hook={memoryLocation({ path: '/service' }).hook}>
      <RuntimeProvider runtime={runtime}>
        <ServicePage />
      </RuntimeProvider>
    </Router>,
  );
  return { call, servicePoll };
}

describe('/service page', () => {
  it('shows the chat (客服 left, me right), the hours, older pages, and sends', async () => {
    let sent = false;
    const { call, servicePoll } = renderPage((path, payload) => {
      if (path === CHAT_CALLS.first) {
        const list = [message(3, 'out', '欢迎'), ...(sent ? [message(4, 'in', '你好'), message(5, 'out', '您好，客服已收到您的消息')] : [])];
        return ok({ list, total: list.length + 2, page: 1, limit: 20, service: { hours: '每日 9:00-23:00', status: 'online' } });
      }
      if (path === CHAT_CALLS.older) return ok({ list: [message(1, 'in', '更早的问题', 1), message(2, 'out', '更早的回答', 2)], total: 3, page: payload.page, limit: 20 });
      if (path === CHAT_CALLS.send) return ok({ message: message(4, 'in', String(payload.content)), reply_in_ms: null });
      throw new Error(path);
    });
    const chat = await screen.findByRole('list', { name: '聊天记录' });
    expect(await within(chat).findByText('欢迎')).toBeTruthy();
    expect(screen.getByText('客服在线 · 服务时间 每日 9:00-23:00')).toBeTruthy();
    // Nothing to scroll in jsdom: the older page is fetched at once.
    expect(await within(chat).findByText('更早的问题')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(CHAT_CALLS.older, { page: 2, limit: 20 }, expect.anything());
    const items = within(chat).getAllByRole('listitem').filter((item) => item.classList.contains('chat-message'));
    expect(items.map((item) => item.className)).toEqual(['chat-message chat-message--in', 'chat-message chat-message--out', 'chat-message chat-message--out']);
    expect(items[1]!.textContent).toBe('客客服：更早的回答');

    const send = screen.getByRole('button', { name: '发送' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息' }), { target: { value: '你好' } });
    expect(send.disabled).toBe(false);
    sent = true;
    await act(async () => fireEvent.click(send));
    expect(await within(chat).findByText('你好')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '输入消息' }) as HTMLTextAreaElement).value).toBe('');

    // A new 客服消息 reloads the newest page.
    await act(async () => servicePoll.send({ type: 'notice.show', id: '5', content: '您好，客服已收到您的消息' }));
    expect(await within(chat).findByText('您好，客服已收到您的消息')).toBeTruthy();
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    renderPage(() => (fail ? { kind: 'error', reason: 'network', code: null, msg: '网络异常，请稍后再试' } : ok({ list: [], total: 0, page: 1, limit: 20 })));
    expect(await screen.findByText('网络异常，请稍后再试')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('list', { name: '聊天记录' })).toBeTruthy();
  });
});
