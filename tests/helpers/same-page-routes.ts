/**
 * Routes that are one page by design and so share a title: the variants of one page and the steps
 * of one flow. Any other two routes with one title (the route table's, or the heading a player
 * reads) are two pages a player cannot tell apart. Read by the route table's unit test and by the
 * a11y walk's heading check (which cannot import the route table: it uses Vite's import.meta.glob).
 */
export const SAME_PAGE_ROUTES: readonly (readonly string[])[] = [
  // One game page in three layouts.
  ['/gamedetail', '/gamedetailvip', '/gamedetailfold'],
  // One notice, shown as a page or as the start-up pop-up (the same component).
  ['/notice', '/noticedialog'],
  // One list of last week's new games, reached from home and from discovery (the same component).
  ['/lastweek', '/dlastweek'],
  // The steps of one flow: the self-service top-up, the cancellation, the real-name check.
  ['/autorecharge', '/autorechargehao'],
  ['/accountdestoryone', '/accountdestorytwo', '/accountdestorythree', '/accountdestoryfour'],
  ['/realnamecertificateone', '/realnamecertificatetwo'],
];

/** The group a route belongs to (itself alone when it is in none). */
export function samePageGroupOf(path: string): string {
  return SAME_PAGE_ROUTES.find((group) => group.includes(path))?.[0] ?? path;
}

/** Titles shown by more than one page (routes of one group count once): title → the routes. */
export function sharedTitles(titles: ReadonlyArray<readonly [path: string, title: string]>): Record<string, string[]> {
  const byTitle = new Map<string, Map<string, string[]>>();
  for (const [path, title] of titles) {
    const groups = byTitle.get(title) ?? new Map<string, string[]>();
    const group = samePageGroupOf(path);
    groups.set(group, [...(groups.get(group) ?? []), path]);
    byTitle.set(title, groups);
  }
  return Object.fromEntries([...byTitle].filter(([, groups]) => groups.size > 1).map(([title, groups]) => [title, [...groups.values()].flat()]));
}
