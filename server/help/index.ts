import { periodicJobs, type ServerModule } from '../module.ts';
import { helpCalls } from './calls.ts';
import { startFeedbackLogJob } from './feedback-logs.ts';
import { staffArticleCalls, staffFeedbackCalls } from './staff-calls.ts';

// What other domains use of the help centre (the about page).
export { aboutItems } from './articles.ts';

/** The help centre's articles and FAQ, and players' feedback. */
export const helpModule: ServerModule = {
  name: 'help',
  calls: () => helpCalls,
  // The console's feedback queue (its event logs are in the object storage) and the articles.
  staffCalls: (services) => [...staffFeedbackCalls(services.storage), ...staffArticleCalls],
  // Attached event logs past their retention, and uploaded ones no feedback took: at start-up, then hourly.
  jobs: (deps) => periodicJobs(() => [startFeedbackLogJob({ db: deps.db, storage: deps.storage, log: deps.log.child({ job: 'feedback-logs' }), ...(deps.now ? { now: deps.now } : {}) })]),
};
