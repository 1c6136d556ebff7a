import type { AppRuntime, RuntimeEnvironment } from '../app/runtime.ts';
import { createRatingFeature } from './rating/rating-runtime.ts';
import { createServiceFeature } from './service/service-runtime.ts';

/**
 * The features the app starts right after its first paint, in one chunk outside the entry:
 * the customer-service poll and the rating dialog (both follow the session from when they start).
 */
export function createLateFeatures(runtime: AppRuntime, env: RuntimeEnvironment) {
  return { servicePoll: createServiceFeature(runtime, env), rating: createRatingFeature(runtime, env) };
}
