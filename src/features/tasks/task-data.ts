/** 2026-12-31: the China date an expiry instant falls on the evening before (00:00 Jan 1 → Dec 31). */
export function expiryDay(iso: string): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + 8 * 3600_000 - 1).toISOString().slice(0, 10);
}
