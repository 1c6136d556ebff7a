import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useRuntime } from '../../app/runtime-context.tsx';
import type { AccountCancelActor } from '../../features/account-cancel/account-cancel-flow.ts';
import { useAccountCancel, useAccountCancelFlow, type AccountCancelView, type PageStep } from './use-account-cancel.ts';
import './account-destroy.css';

/** The shared frame of the four cancellation pages: title, the step bar, the signed-out prompt. */

export const CANCEL_TITLE = '注销账号';
const STEPS: ReadonlyArray<{ page: PageStep; label: string }> = [
  { page: 'rules', label: '注销须知' },
  { page: 'conditions', label: '条件检测' },
  { page: 'code', label: '身份验证' },
  { page: 'coolingOff', label: '提交申请' },
];

export function StepBar({ current }: { current: PageStep }) {
  const index = STEPS.findIndex((s) => s.page === current);
  return (
    <ol className="cancel-steps" aria-label="注销步骤">
      {STEPS.map((step, i) => (
        <li key={step.page} className={`cancel-steps__item${i <= index ? ' cancel-steps__item--done' : ''}`} aria-current={i === index ? 'step' : undefined}>
          <span className="cancel-steps__dot">{i + 1}</span>
          <span className="cancel-steps__label">{step.label}</span>
        </li>
      ))}
    </ol>
  );
}

export function SignedOutPrompt() {
  const runtime = useRuntime();
  return (
    <div className="cancel-signed-out">
      <p>登录后才能注销账号</p>
      <button type="button" className="cancel-button" onClick={() => runtime.openLogin()}>
        登录
      </button>
    </div>
  );
}

/** Renders `children` with the flow's view once the flow has found its step; otherwise the login prompt, loading or the retry. */
export function CancelPage({ page, children }: { page: PageStep; children: (view: AccountCancelView) => ReactNode }) {
  const flow = useAccountCancelFlow();
  return (
    <div className="page cancel">
      <PageHeader title={CANCEL_TITLE} />
      {flow ? <FlowStep flow={flow} page={page}>{children}</FlowStep> : <SignedOutPrompt />}
    </div>
  );
}

function FlowStep({ flow, page, children }: { flow: AccountCancelActor; page: PageStep; children: (view: AccountCancelView) => ReactNode }) {
  const view = useAccountCancel(flow, page);
  if (view.loadFailed) return <LoadFailed message={view.error} onRetry={view.retry} />;
  const own = page === 'coolingOff' ? view.step === 'coolingOff' || view.step === 'revoked' : view.step === page;
  if (!own) return <div className="cancel-loading skeleton" aria-busy="true" aria-label="加载中" />;
  return (
    <>
      <StepBar current={page} />
      {children(view)}
    </>
  );
}
