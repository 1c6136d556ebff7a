import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loginOverlayMachine } from '../../../machines/login-overlay.machine.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import { readyActor } from '../deferred-actor.ts';
import { LoginOverlayHost } from './LoginOverlayHost.tsx';

describe('LoginOverlayHost', () => {
  it('renders nothing until the overlay first opens, then the lazily loaded overlay at panel 1', async () => {
    Element.prototype.scrollIntoView = () => {};
    const overlay = createActor(loginOverlayMachine, { input: {} }).start();
    const runtime = { loginOverlay: readyActor(overlay) } as Partial<AppRuntime> as AppRuntime;
    const { container } = render(
      <RuntimeProvider runtime={runtime}>
        <LoginOverlayHost />
      </RuntimeProvider>,
    );
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('.adm-popup')).toBeNull();

    act(() => overlay.send({ type: 'ui.open' }));
    // The first open fetches the overlay's chunk (transformed on demand here: allow for it).
    expect(await screen.findByRole('heading', { name: '验证码登录' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('login-overlay').dataset.state).toBe('open');

    // Closing keeps the (now loaded) overlay mounted, shown as closed.
    act(() => overlay.send({ type: 'ui.close' }));
    expect(screen.getByTestId('login-overlay').dataset.state).toBe('closed');
    overlay.stop();
  });
});
