/** Days, weeks and dates as players see them: China time (UTC+8, no daylight saving). */
export const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** 00:00 China time of the day containing `at`. */
export function chinaDayStart(at: Date | number): Date {
  const t = typeof at === 'number' ? at : at.getTime();
  return new Date(Math.floor((t + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
}

/** 'YYYY-MM-DD' of the China-time day containing `at`. */
export function chinaDate(at: Date | number): string {
  const t = typeof at === 'number' ? at : at.getTime();
  return new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 China time of the given 'YYYY-MM-DD', or null when it is not a real date. */
export function parseChinaDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const utc = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== text) return null;
  return new Date(utc - CHINA_OFFSET_MS);
}

/** Monday 00:00 China time of the week containing `at`. */
export function chinaWeekStart(at: Date | number): Date {
  const day = chinaDayStart(at);
  const weekday = (new Date(day.getTime() + CHINA_OFFSET_MS).getUTCDay() + 6) % 7; // Monday 0
  return new Date(day.getTime() - weekday * DAY_MS);
}
