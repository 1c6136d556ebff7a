import { periodicJobs, type ServerModule } from '../module.ts';
import { startPointsExpiryJob } from './expiry.ts';
import { taskCalls } from './calls.ts';
import { pointCalls } from './points.ts';
import { staffStoreCalls } from './staff-store.ts';
import { storeCalls } from './store.ts';

// What other domains report to tasks (server/tasks/hooks.ts) and the play page's minutes.
export { taskOnAvatarSet, taskOnGiftClaimed, taskOnRealName } from './hooks.ts';
export { recordTaskEvent } from './engine.ts';
export { TASK_EVENTS } from './events.ts';

/** Tasks and check-in, the points they earn, the points store (and its items for operators), and the /point events that count towards tasks. */
export const tasksModule: ServerModule = {
  name: 'tasks',
  calls: () => [...pointCalls, ...storeCalls, ...taskCalls],
  staffCalls: () => staffStoreCalls,
  // Points earned in year Y expire at the end of Y+1 (server/tasks/expiry.ts).
  jobs: (deps) => periodicJobs(() => [startPointsExpiryJob({ db: deps.db, log: deps.log.child({ job: 'points-expiry' }), ...(deps.now ? { now: deps.now } : {}) })]),
};
