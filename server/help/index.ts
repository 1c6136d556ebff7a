import type { ServerModule } from '../module.ts';
import { helpCalls } from './calls.ts';

// What other domains use of the help centre (the about page, the staff console's articles and feedback).
export { aboutItems, createArticle, createCategory, listArticles, publishArticle, updateArticle, updateCategory, type ArticleInput } from './articles.ts';
export { closeFeedback, feedbackForStaff, listFeedback, replyToFeedback, type StaffFeedbackView } from './feedback.ts';

/** The help centre's articles and FAQ, and players' feedback. */
export const helpModule: ServerModule = {
  name: 'help',
  calls: () => helpCalls,
};
