/**
 * One IntersectionObserver for every lazy image: calls back once when an element comes within
 * NEAR_VIEWPORT_MARGIN of the screen. The browser's own `loading="lazy"` starts images 1,250 to
 * 2,500 px away, so a long home page fetches, decodes and paints some sixty images at start-up on
 * a slow phone, most of which the player never scrolls to; and it loads every tile of a sideways
 * strip that is near vertically. Here a strip's tiles come in as it is swiped (scrollMargin: a
 * little ahead, where the browser supports it).
 */

/** Vertically: about half a phone screen ahead, enough for a fling to find images decoded. */
export const NEAR_VIEWPORT_MARGIN = '400px 0px';
/** Sideways in a scrolling strip: a tile or two ahead. */
export const NEAR_SCROLLER_MARGIN = '0px 160px';

type Callback = () => void;

let observer: IntersectionObserver | null = null;
const callbacks = new Map<Element, Callback>();

function shared(): IntersectionObserver | null {
  if (observer) return observer;
  if (typeof IntersectionObserver !== 'function') return null;
  const init = { rootMargin: NEAR_VIEWPORT_MARGIN, scrollMargin: NEAR_SCROLLER_MARGIN } as IntersectionObserverInit;
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const callback = callbacks.get(entry.target);
      callbacks.delete(entry.target);
      observer?.unobserve(entry.target);
      callback?.();
    }
  }, init);
  return observer;
}

/**
 * Calls `onNear` once when `element` is near the screen; returns a stop. Without
 * IntersectionObserver (an old WebView, jsdom) it calls back at once: the image then loads as the
 * browser decides (`loading="lazy"` stays on the element).
 */
export function whenNearViewport(element: Element, onNear: Callback): () => void {
  const io = shared();
  if (!io) {
    onNear();
    return () => {};
  }
  callbacks.set(element, onNear);
  io.observe(element);
  return () => {
    callbacks.delete(element);
    io.unobserve(element);
  };
}
