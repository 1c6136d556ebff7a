import type { ServerModule } from '../module.ts';
import { helpCalls } from './calls.ts';

/** The help centre's articles and FAQ, and players' feedback. */
export const helpModule: ServerModule = {
  name: 'help',
  calls: () => helpCalls,
};
