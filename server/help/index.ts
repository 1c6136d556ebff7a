import { periodicJobs, type ServerModule } from '../module.ts';
import { helpCalls } from './calls.ts';
import { startFeedbackLogJob } from './feedback-logs.ts';

// What other domains use of the help centre (the about page, the staff console's articles and feedback).
export { aboutItems, createArticle, createCategory, listArticles, publishArticle, updateArticle, updateCategory, type ArticleInput } from './articles.ts';
export { readFeedbackLog } from './feedback-logs.ts';
export { closeFeedback, feedbackForStaff, listFeedback, replyToFeedback, type StaffFeedbackView } from './feedback.ts';

/** The help centre's articles and FAQ, and players' feedback. */
export const helpModule: ServerModule = {
  name: 'help',
  calls: () => helpCalls,
  // Attached event logs past their retention, and uploaded ones no feedback took: at start-up, then hourly.
  jobs: (deps) => periodicJobs(() => [startFeedbackLogJob({ db: deps.db, storage: deps.storage, log: deps.log.child({ job: 'feedback-logs' }), ...(deps.now ? { now: deps.now } : {}) })]),
};
