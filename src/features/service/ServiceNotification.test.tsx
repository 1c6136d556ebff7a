import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { memoryLocation } from 'wouter/memory-location';
import { Router } from 'wouter';
import { servicePollMachine } from '../../../machines/service-poll.machine.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { readyActor } from '../deferred-actor.ts';
import { ServiceNotification } from './ServiceNotification.tsx';

function renderBanner(path: string) {
  const openServicePage = vi.fn();
  const servicePoll = createActor(servicePollMachine.provide({ actions: { openServicePage } }), { input: { lastSeenId: null } }).start();
  servicePoll.send({ type: 'session.signedIn' });
  const { hook } = memoryLocation({ path });
  render(
    <Router hook={hook}>
      <RuntimeProvider runtime={{ servicePoll: readyActor(servicePoll) } as unknown as AppRuntime}>
        <ServiceNotification />
      </RuntimeProvider>
    </Router>,
  );
  return { servicePoll, openServicePage };
}

describe('客服消息 banner', () => {
  it('shows the message under the title; a tap opens /service and hides it', async () => {
    const { servicePoll, openServicePage } = renderBanner('/mine');
    expect(screen.queryByText('客服消息')).toBeNull();
    act(() => servicePoll.send({ type: 'notice.show', id: '5', content: '您好，客服已收到您的消息' }));
    expect(await screen.findByText('客服消息')).toBeTruthy();
    expect(screen.getByText('您好，客服已收到您的消息')).toBeTruthy();
    fireEvent.click(screen.getByText('客服消息'));
    expect(openServicePage).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('客服消息')).toBeNull();
  });

  it('the close button hides it without navigating', async () => {
    const { servicePoll, openServicePage } = renderBanner('/');
    act(() => servicePoll.send({ type: 'notice.show', id: '5', content: 'x' }));
    fireEvent.click(await screen.findByRole('button', { name: '关闭通知' }));
    expect(screen.queryByText('客服消息')).toBeNull();
    expect(openServicePage).not.toHaveBeenCalled();
  });

  it('is not shown on /service itself (the chat shows the message)', async () => {
    const { servicePoll } = renderBanner('/service');
    act(() => servicePoll.send({ type: 'notice.show', id: '5', content: 'x' }));
    await act(async () => {});
    expect(screen.queryByText('客服消息')).toBeNull();
  });
});
