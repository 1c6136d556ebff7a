import type { ServerModule } from '../module.ts';
import { staffHolidayCalls } from './staff-calls.ts';
import { createHolidaySource } from './store.ts';

/**
 * The 法定节假日 calendar: shipped years and the years operators save (./staff-calls.ts), read by H5
 * play's minors' hours, /readyz and the metrics. The catalogue reads it; the staff console edits it.
 */
export { createHolidaySource, type HolidaySource } from './store.ts';

/** The holiday calendar: no player calls; the console's calendar calls on the app's own calendar. */
export const holidaysModule: ServerModule = {
  name: 'holidays',
  calls: () => [],
  staffCalls: (services) => staffHolidayCalls(services.holidays ?? createHolidaySource([])),
};
