import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { idCardCheckChar, REAL_NAME_MSG } from '../../../api/protocol/real-name.ts';
import { RuntimeProvider } from '../../app/runtime-context.tsx';
import type { AppRuntime } from '../../app/runtime.ts';
import RealNameCertificateOnePage from './RealNameCertificateOnePage.tsx';
import RealNameCertificateTwoPage from './RealNameCertificateTwoPage.tsx';

vi.mock('../../app/toast.ts', () => ({ showToast: vi.fn() }));

const ok = (data: unknown, msg = 'success'): ApiOutcome => ({ kind: 'ok', code: 1, msg, data });
const refused = (msg: string): ApiOutcome => ({ kind: 'toast', code: -1, msg, data: null, show: true });
const NOT_VERIFIED = { status: 0, real_name: '', id_card: '', age_band: '' };
const first17 = '11010519900101123';
const VALID = first17 + idCardCheckChar(first17);

const sessionStub = createMachine({ id: 'sessionStub', initial: 'out', states: { out: { on: { in: 'in' } }, in: { tags: ['signedIn'] } } });

function renderPage(page: ReactNode, answers: (path: string, payload: Record<string, unknown>) => ApiOutcome, signedIn = true) {
  const call = vi.fn(async (path: string, payload: Record<string, unknown> = {}) => answers(path, payload));
  const navigate = vi.fn();
  const openLogin = vi.fn();
  const session = createActor(sessionStub).start();
  if (signedIn) session.send({ type: 'in' });
  const events: string[] = [];
  const inspect = (event: { type: string; event?: { type: string } }) => {
    if (event.type === '@xstate.event' && event.event) events.push(event.event.type);
  };
  const runtime = { api: { call }, inspect, session, navigate, openLogin, loading: { send: () => {} } } as unknown as AppRuntime;
  render(<RuntimeProvider runtime={runtime}>{page}</RuntimeProvider>);
  return { call, navigate, openLogin, events };
}

describe('/realnamecertificateone', () => {
  it('checks the form with the server’s words before calling, then submits and goes to step two', async () => {
    const { call, navigate, events } = renderPage(<RealNameCertificateOnePage />, (path) =>
      path === '/api/user/getIdentityCard' ? ok(NOT_VERIFIED) : ok({ status: 1, real_name: '张*', id_card: '1101**********1234', age_band: 'adult' }, REAL_NAME_MSG.verified),
    );
    const submit = await screen.findByRole('button', { name: '提交' });
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe(REAL_NAME_MSG.nameRequired);
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张三' } });
    expect(screen.getByRole('alert').textContent).toBe('');
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: VALID.slice(0, 17) + (VALID.endsWith('0') ? '1' : '0') } });
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe(REAL_NAME_MSG.idCheckDigit);
    expect(call.mock.calls.some(([path]) => path === '/api/user/realNameAuth')).toBe(false);
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: VALID.toLowerCase() } });
    fireEvent.click(submit);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/realnamecertificatetwo', null, { replace: true }));
    expect(call).toHaveBeenCalledWith('/api/user/realNameAuth', { real_name: '张三', id_card: VALID });
    // The form's events reach the event log.
    expect(events).toEqual(expect.arrayContaining(['ui.name', 'ui.idCard', 'ui.submit', 'xstate.done.actor.realNameAuth']));
  });

  it('shows the server’s refusal under the form', async () => {
    renderPage(<RealNameCertificateOnePage />, (path) => (path === '/api/user/getIdentityCard' ? ok(NOT_VERIFIED) : refused(REAL_NAME_MSG.identityFull)));
    fireEvent.change(await screen.findByLabelText('姓名'), { target: { value: '张三' } });
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: VALID } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(REAL_NAME_MSG.identityFull));
  });

  it('a verified account gets no form', async () => {
    renderPage(<RealNameCertificateOnePage />, () => ok({ status: 1, real_name: '张*', id_card: '1101**********1234', age_band: 'adult' }));
    expect(await screen.findByText('您已完成实名认证，认证信息不可修改')).toBeTruthy();
    expect(screen.queryByLabelText('姓名')).toBeNull();
  });

  it('signed out: a 登录 prompt that opens the login popup', async () => {
    const { openLogin, call } = renderPage(<RealNameCertificateOnePage />, () => ok(NOT_VERIFIED), false);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(openLogin).toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
  });
});

describe('/realnamecertificatetwo', () => {
  it('shows the masked identity and the rules of a minor’s band', async () => {
    renderPage(<RealNameCertificateTwoPage />, () => ok({ status: 1, real_name: '王*明', id_card: '1101**********2261', age_band: '16-18' }));
    expect(await screen.findByText('已认证')).toBeTruthy();
    expect(screen.getByText('王*明')).toBeTruthy();
    expect(screen.getByText('1101**********2261')).toBeTruthy();
    expect(screen.getByText('年龄段：16周岁以上未满18周岁')).toBeTruthy();
    expect(screen.getByText('单次充值不超过100元，每月累计充值不超过400元')).toBeTruthy();
  });

  it('not verified: a link back to step one', async () => {
    renderPage(<RealNameCertificateTwoPage />, () => ok(NOT_VERIFIED));
    expect((await screen.findByRole('link', { name: '去认证' })).getAttribute('href')).toContain('/realnamecertificateone');
  });
});
