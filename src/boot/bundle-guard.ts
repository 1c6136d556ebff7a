/**
 * Which build may start the app. src/boot/boot-check.js marks <html data-bundle> with the build
 * this browser should run ("modern", "legacy", or "none" below the minimum); both builds' entries
 * are the same main.tsx, and where both load (a browser that passed for modern yet failed on the
 * modern entry, then got the legacy one) only one may render. The first to start marks
 * data-started. No mark at all (the development server, tests): start.
 */
export type Bundle = 'modern' | 'legacy';

export function claimStart(bundle: Bundle, root: Element = document.documentElement): boolean {
  const wanted = root.getAttribute('data-bundle');
  if (wanted !== null && wanted !== bundle) return false;
  if (root.getAttribute('data-started') !== null) return false;
  root.setAttribute('data-started', bundle);
  return true;
}

/** This build: the legacy build defines VITE_BUNDLE (vite.legacy.config.ts). */
export const THIS_BUNDLE: Bundle = import.meta.env.VITE_BUNDLE === 'legacy' ? 'legacy' : 'modern';
