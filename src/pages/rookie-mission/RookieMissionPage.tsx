import { useNavigate, useSignedIn } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { MoneySection, MoneySignIn } from '../../features/money/money-parts.tsx';
import { TaskList } from '../../features/tasks/TaskRow.tsx';
import '../../features/tasks/tasks.css';
import * as taskCalls from '../../../api/protocol/calls/tasks.ts';

/**
 * /rookiemission (新手任务): the novice tasks (设置头像, 实名认证, 首次下载游戏, 首次充值),
 * each once per account, claimed through the task-claim machine. Not on SPEC's needs-login list:
 * signed out it offers the login popup.
 */
export default function RookieMissionPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  return (
    <div className="money-page">
      <PageHeader title="新手任务" onBack={() => navigate('back')} />
      {signedIn ? <NoviceTasks /> : <MoneySignIn text="登录后完成新手任务领积分" />}
    </div>
  );
}

function NoviceTasks() {
  const novice = useRemoteData('noviceTasks', taskCalls.getNoviceTaskStatus);
  const data = novice.data;
  if (novice.failed) return <LoadFailed message={novice.error} onRetry={novice.retry} />;
  return (
    <MoneySection title="新手任务" label="新手任务" extra={data?.all_done ? <span className="task-row__meta">已全部完成</span> : undefined}>
      {data ? <TaskList tasks={data.list} label="新手任务列表" onClaimed={novice.refresh} /> : <p className="task-row__meta">加载中…</p>}
    </MoneySection>
  );
}
