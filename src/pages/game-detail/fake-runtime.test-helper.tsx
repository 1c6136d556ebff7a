import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ReactNode } from 'react';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';

export const ok = (data: unknown, msg = 'success'): ApiOutcome => ({ kind: 'ok', code: 1, msg, data });
/** A code -1 refusal; `data` carries a declared refusal's reason ({ reason }). */
export const refused = (msg: string, data: unknown = null): ApiOutcome => ({ kind: 'toast', code: -1, msg, data, show: true });

const sessionStub = createMachine({
  id: 'sessionStub',
  initial: 'out',
  states: { out: { on: { in: 'in' } }, in: { tags: ['signedIn'] } },
});

/** A page under a runtime whose api answers from `answers` (tests build runtimes like src/pages/service). */
export function renderWithRuntime(page: ReactNode, answers: (path: string, payload: Record<string, unknown>) => ApiOutcome, { signedIn = true } = {}) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answers(path, payload));
  const navigate = vi.fn();
  const openLogin = vi.fn();
  const session = createActor(sessionStub).start();
  if (signedIn) session.send({ type: 'in' });
  const runtime = { api: { call }, inspect: () => {}, session, navigate, openLogin } as unknown as AppRuntime;
  const view = render(<RuntimeProvider runtime={runtime}>{page}</RuntimeProvider>);
  return { call, navigate, openLogin, view };
}
