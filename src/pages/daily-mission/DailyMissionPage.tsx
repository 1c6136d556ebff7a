import { useCallback, useState } from 'react';
import { Link } from '../../app/Link.tsx';
import { useNavigate } from '../../app/use-navigation.ts';
import { useRemoteData } from '../../app/use-remote-data.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PagedListView } from '../../features/games/PagedListView.tsx';
import { usePagedCall } from '../../features/games/use-paged-games.ts';
import { formatShortTime } from '../../features/money/money-data.ts';
import { MoneySection } from '../../features/money/money-parts.tsx';
import { CheckInStrip } from '../../features/tasks/CheckInStrip.tsx';
import { expiryDay } from '../../features/tasks/task-data.ts';
import { TaskList } from '../../features/tasks/TaskRow.tsx';
import '../../features/tasks/tasks.css';
import { Tabs } from '../../components/Tabs.tsx';
import * as taskCalls from '../../../api/protocol/calls/tasks.ts';

/**
 * /dailymission (每日任务): the points balance and what expires at the year's end, the
 * 7-day check-in strip (check-in machine), the daily tasks and achievements (a task-claim machine
 * per row: 去完成 / 领取 / 已领取), and 积分明细 (pointRecord, paged). Progress only moves on the
 * server (downloads, orders, gifts …); this page shows it and claims it.
 */

type View = 'tasks' | 'record';
const VIEWS = [
  { key: 'tasks', label: '做任务' },
  { key: 'record', label: '积分明细' },
] as const;

export default function DailyMissionPage() {
  const navigate = useNavigate();
  const [view, setView] = useState<View>('tasks');
  const summary = useRemoteData('pointTaskNum', taskCalls.getPointTaskNum);
  const tasks = useRemoteData('taskPoint', taskCalls.getTaskPoint);
  const [checkInEpoch, setCheckInEpoch] = useState(0);
  const points = summary.data;
  const lists = tasks.data;
  const { refresh: refreshSummary } = summary;
  const { refresh: refreshTasks } = tasks;
  // A check-in moves the balance and 累计签到; a claim moves the balance (and the strip's makeup).
  const afterCheckIn = useCallback(() => {
    refreshSummary();
    refreshTasks();
  }, [refreshSummary, refreshTasks]);
  const afterClaim = useCallback(() => {
    refreshSummary();
    setCheckInEpoch((n) => n + 1);
  }, [refreshSummary]);

  return (
    <div className="money-page">
      <PageHeader title="每日任务" onBack={() => navigate('back')} />
      <section className="points-card" aria-label="我的积分" aria-busy={summary.loading}>
        <div className="points-card__row">
          <span>我的积分</span>
          <strong className="points-card__value" data-testid="points-balance">
            {points ? points.points : '--'}
          </strong>
        </div>
        {points && points.expiring.points > 0 && (
          <p className="points-card__note" data-testid="points-expiring">{`${points.expiring.points} 积分将于 ${expiryDay(points.expiring.expires_at)} 24:00 过期`}</p>
        )}
        {points && points.expiring.points === 0 && <p className="points-card__note">今年获得的积分于明年年底过期</p>}
        <div className="points-card__links">
          <Link to="/coinstore">积分商城</Link>
          <Link to="/rookiemission">新手任务</Link>
          <button type="button" onClick={() => setView('record')}>
            积分明细
          </button>
        </div>
      </section>
      <Tabs sticky tabs={VIEWS} value={view} onChange={setView} label="任务与明细" />
      {view === 'tasks' ? (
        <>
          <CheckInStrip onChanged={afterCheckIn} refreshKey={checkInEpoch} />
          {tasks.failed ? (
            <LoadFailed message={tasks.error} onRetry={tasks.retry} />
          ) : (
            <>
              <MoneySection title="今日任务" label="今日任务">
                {lists ? <TaskList tasks={lists.daily} label="每日任务列表" onClaimed={afterClaim} /> : <p className="task-row__meta">加载中…</p>}
              </MoneySection>
              <MoneySection title="成就任务" label="成就任务">
                {lists ? <TaskList tasks={lists.achievement} label="成就任务列表" onClaimed={afterClaim} /> : <p className="task-row__meta">加载中…</p>}
              </MoneySection>
            </>
          )}
        </>
      ) : (
        <PointRecords />
      )}
    </div>
  );
}

function PointRecords() {
  const list = usePagedCall('pointRecord', taskCalls.pointRecord, {});
  return (
    <section aria-label="积分明细">
      <PagedListView
        list={list}
        rowHeight={64}
        label="积分明细"
        emptyMessage="暂无积分记录"
        getKey={(record) => String(record.id)}
        renderRow={(record) => (
          <div className="record-row point-record">
            <div className="record-row__main">
              <p className="record-row__title">{record.title || record.kind}</p>
              <p className="record-row__meta">{formatShortTime(record.created_at)}</p>
            </div>
            <div className={`record-row__amount ${record.amount > 0 ? 'money-plus' : 'money-minus'}`}>{record.amount > 0 ? `+${record.amount}` : record.amount}</div>
          </div>
        )}
        pullToRefresh={false}
      />
    </section>
  );
}
