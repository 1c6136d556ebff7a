import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ApiOutcome } from '../../../api/outcome.ts';
import type { TaskItem } from '../../../api/protocol/calls/tasks.ts';
import { taskClaimMachine, type TaskClaimAnswer } from '../../../machines/task-claim.machine.ts';
import { useRuntime } from '../../app/runtime-context.tsx';
import { showToast } from '../../app/toast.ts';
import { useFeatureActor } from '../../app/use-feature-actor.ts';
import { useNavigate } from '../../app/use-navigation.ts';
import * as calls from '../../../api/protocol/call-refs.ts';
import { request } from '../../../api/typed-call.ts';

const LABELS = { todo: '去完成', claimable: '领取', claiming: '领取中', claimed: '已领取', failed: '领取' } as const;
type RowStatus = keyof typeof LABELS;

/** One task through the task-claim machine: 去完成 → its page; 领取 → achieveTask; 已领取. */
export function TaskRow({ task, onClaimed }: { task: TaskItem; onClaimed: () => void }) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const actor = useFeatureActor(taskClaimMachine, {
    // a new state from the server (a refreshed list) starts the row's machine afresh
    input: { state: task.state },
    implementations: {
      actors: { claim: fromPromise<ApiOutcome<TaskClaimAnswer>>(() => request(runtime.api, calls.tasks.achieveTask, { task_id: task.task_id })) },
      actions: {
        openTask: () => navigate(task.link || '/'),
        announce: (_, params) => {
          showToast(params.message);
          onClaimed();
        },
      },
    },
    restartOn: [task.task_id, task.state],
  });
  const status = useSelector(actor, (s) => s.value as RowStatus);
  const done = status === 'claimed';
  return (
    <li className="task-row" data-testid={`task-${task.code}`} data-state={status}>
      <div className="task-row__main">
        <p className="task-row__title">{task.title}</p>
        <p className="task-row__meta">
          <span className="task-row__reward">+{task.reward_points} 积分</span>
          {task.target > 1 && <span>　进度 {done ? task.target : task.progress}/{task.target}</span>}
          {task.description && <span>　{task.description}</span>}
        </p>
      </div>
      <button
        type="button"
        className={`money-button${status === 'todo' ? ' money-button--ghost' : ''}${done ? ' money-button--done' : ''}`}
        disabled={done || status === 'claiming'}
        onClick={() => actor.send(status === 'todo' ? { type: 'ui.go' } : { type: 'ui.claim' })}
      >
        {LABELS[status]}
      </button>
    </li>
  );
}

export function TaskList({ tasks, label, onClaimed }: { tasks: readonly TaskItem[]; label: string; onClaimed: () => void }) {
  if (tasks.length === 0) return <p className="task-row__meta">暂无任务</p>;
  return (
    <ul className="task-list" aria-label={label} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {tasks.map((task) => (
        <TaskRow key={task.task_id} task={task} onClaimed={onClaimed} />
      ))}
    </ul>
  );
}
