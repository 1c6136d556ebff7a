import type { RouteData } from '../../../machines/navigation.types.ts';
import { ARTICLE_SLUG_PATTERN, cleanLine, GAME_NAME_MAX } from '../../../api/protocol/help-rules.ts';

/**
 * The help and feedback pages' route data. Their answers are decoded by their declarations
 * (api/protocol/calls/help.ts, feedback.ts and down.ts's getAboutUs, run by `request()`).
 */

const positiveId = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};

// ---- Route data ----

/** Which article a page shows: `{ id }` or `{ slug }` (/aboutdetail, /commonproblemdetail), else null. */
export function articleRefOf(data: RouteData | null): { id: number } | { slug: string } | null {
  const id = positiveId(data?.id);
  if (id) return { id };
  const slug = typeof data?.slug === 'string' ? data.slug.trim() : '';
  return ARTICLE_SLUG_PATTERN.test(slug) ? { slug } : null;
}

/** /suggestbcak's prefilled game: the search word (`keyword`), cleaned and cut to the name's limit. */
export function searchWordOf(data: RouteData | null): string {
  return [...cleanLine(typeof data?.keyword === 'string' ? data.keyword : '')].slice(0, GAME_NAME_MAX).join('');
}

/** /backrecord's one feedback (`{ id }`, from the reply's message), else 0: the whole record. */
export function feedbackIdOf(data: RouteData | null): number {
  return positiveId(data?.id);
}
