/**
 * The 法定节假日 calendar: shipped years and the years operators save (staff/routes/holidays.ts),
 * read by H5 play's minors' hours, /readyz and the metrics. Its calls are the staff console's and
 * the catalogue's; this folder is the store they share.
 */
export { createHolidaySource, type HolidaySource, readOperatorYear, saveOperatorYear, type StoredYear, uncachedCalendar } from './store.ts';
