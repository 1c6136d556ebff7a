import { THIS_BUNDLE, type Bundle } from '../boot/bundle-guard.ts';
import { whenIdle } from '../features/deferred-actor.ts';

/**
 * Warm-ups for later taps: the chunks of a group (the login overlay, the toast kit; listed in
 * index.html by vite.config.ts "warm-up-chunks") are fetched into the browser's cache once start-up
 * has settled and the browser is idle, at the lowest priority, and evaluated only when first used.
 * Importing them ahead instead evaluated them right then: a few hundred milliseconds of main thread
 * on a slow phone, at a moment the player may already be tapping. The first use then costs their
 * evaluation only, not a round trip on a slow network.
 */

export type WarmUpGroup = 'login' | 'toast' | 'pages';

/** The element of index.html listing each group's files. */
export const WARM_UP_ELEMENT_ID = 'warm-up';

/**
 * The files of a group from the list's text: same-origin /assets/ paths only; anything else (a
 * missing or malformed list: the dev server has none) gives nothing to fetch, never an error.
 */
export function warmUpFiles(text: string | null | undefined, group: WarmUpGroup): string[] {
  if (!text) return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return [];
  }
  const files = typeof list === 'object' && list !== null && !Array.isArray(list) ? (list as Record<string, unknown>)[group] : undefined;
  if (!Array.isArray(files)) return [];
  return [...new Set(files.filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+\.(js|css)$/.test(file) && !file.includes('..')))];
}

const fetched = new Set<string>();

/**
 * Lets the browser fetch the group's files into its cache (once each), without running them. The
 * list names the modern build's files: the legacy build (an old WebView, vite.legacy.config.ts)
 * would only fetch what it never runs, so it warms nothing.
 */
export function prefetchGroup(group: WarmUpGroup, doc: Document = document, bundle: Bundle = THIS_BUNDLE): number {
  if (bundle === 'legacy') return 0;
  let added = 0;
  for (const file of warmUpFiles(doc.getElementById(WARM_UP_ELEMENT_ID)?.textContent, group)) {
    if (fetched.has(file)) continue;
    fetched.add(file);
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    // Module scripts are fetched in cors mode: the cached copy must be one they can use.
    if (file.endsWith('.js')) link.crossOrigin = '';
    doc.head.appendChild(link);
    added++;
  }
  return added;
}

/** Prefetches the group once start-up has settled and the browser is idle. Returns a cancel. */
export function warmUp(group: WarmUpGroup): () => void {
  return whenIdle(() => void prefetchGroup(group));
}
