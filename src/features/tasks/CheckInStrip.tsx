import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import { checkInMachine, type CheckInResult } from '../../../machines/check-in.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { showToast } from '../../app/toast.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import * as calls from '../../../api/protocol/call-refs.ts';
import { request } from '../../../api/typed-call.ts';

/** The 7-day check-in strip (check-in machine): 签到, 补签 when the server offers it. */
export function CheckInStrip({ onChanged, refreshKey }: { onChanged: () => void; refreshKey: number }) {
  const runtime = useRuntime();
  // onChanged is read when a check-in lands (the newest one the page gave)
  const actor = useFeatureActor(checkInMachine, {
    implementations: {
      actors: {
        load: fromPromise<ApiOutcome<unknown>>(() => request(runtime.api, calls.tasks.getSettle, {})),
        checkIn: fromPromise<ApiOutcome<CheckInResult>>(() => request(runtime.api, calls.tasks.signOnPoint, {})),
        makeup: fromPromise<ApiOutcome<CheckInResult>>(() => request(runtime.api, calls.tasks.settleAdd, {})),
      },
      actions: {
        changed: (_, params) => {
          if (params.message) showToast(params.message);
          onChanged();
        },
      },
    },
  });
  const settle = useSelector(actor, (s) => s.context.settle);
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const checked = useSelector(actor, (s) => s.matches('checked'));
  useEffect(() => {
    if (refreshKey > 0) actor.send({ type: 'ui.refresh' });
  }, [actor, refreshKey]);

  if (failed) return <LoadFailed message={error} onRetry={() => actor.send({ type: 'ui.retry' })} />;
  return (
    <section className="money-section check-in" aria-label="每日签到" aria-busy={busy}>
      <div className="money-section__head">
        <h2 className="money-section__title">每日签到</h2>
        {settle && <span className="task-row__meta" data-testid="check-in-streak">{`连续签到第 ${settle.today_day} 天`}</span>}
      </div>
      <ol className="check-in__days">
        {(settle?.days ?? []).map((day) => (
          <li key={day.day} className={`check-in__day${day.done ? ' check-in__day--done' : ''}${settle?.today_day === day.day ? ' check-in__day--today' : ''}`} data-done={day.done}>
            <span className="check-in__points">+{day.points}</span>
            <span>第{day.day}天</span>
          </li>
        ))}
      </ol>
      <div className="check-in__actions">
        <button type="button" className="money-button" disabled={checked || busy || !settle} onClick={() => actor.send({ type: 'ui.checkIn' })}>
          {checked ? '今日已签到' : '签到'}
        </button>
        {settle && !checked && (
          <button type="button" className="money-button money-button--ghost" disabled={!settle.makeup.available || busy} onClick={() => actor.send({ type: 'ui.makeup' })}>
            {`补签昨天（${settle.makeup.cost}积分）`}
          </button>
        )}
      </div>
      {settle && (
        <p className="check-in__note">
          {`累计签到 ${settle.total_days} 天；补签每月 ${settle.makeup.left_this_month} 次可用`}
          {settle.makeup.reason && !checked ? `（${settle.makeup.reason}）` : ''}
        </p>
      )}
    </section>
  );
}
