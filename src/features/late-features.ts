import type { AppRuntime, RuntimeEnvironment } from '../app/runtime.ts';
import { startupSettled } from '../app/startup.ts';
import { createNoticePrompt } from './messages/notice-prompt.ts';
import { browserPromptEnvironment, createFirstRechargePrompt } from './payment/first-recharge-prompt.ts';
import { createRatingFeature } from './rating/rating-runtime.ts';
import { createServiceFeature } from './service/service-runtime.ts';

/**
 * The features the app starts right after its first paint, in one chunk outside the entry:
 * the customer-service poll and the rating dialog (both follow the session from when they start),
 * the first-recharge offer after a sign-in, the pop-up notice and, inside the wrapper,
 * the update check at start-up (its own chunk, loaded only there).
 */
export function createLateFeatures(runtime: AppRuntime, env: RuntimeEnvironment) {
  const rating = createRatingFeature(runtime, env);
  // After the rating feature: a sign-in opens a pending rating first, the first-recharge offer waits for it.
  createFirstRechargePrompt(runtime);
  createNoticePrompt(runtime, browserPromptEnvironment());
  if (runtime.downloads) void import('./update/update-runtime.ts').then((m) => m.startUpdateCheck(runtime, startupSettled));
  return { servicePoll: createServiceFeature(runtime, env), rating };
}
