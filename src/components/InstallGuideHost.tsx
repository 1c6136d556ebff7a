import { lazy, Suspense, useState } from 'react';
import type { DeviceInfo } from '../../api/device.ts';
import { useRuntime } from '../app/runtime-context.tsx';

const InstallGuideSheet = lazy(() => import('./InstallGuideSheet.tsx'));
const GUIDE_PATH = '/bookmarkguide';
/** Same key as install-guide.ts (which is not in the entry chunk); a unit test keeps them equal. */
export const GUIDE_SEEN_KEY = 'BookmarkGuideShown';
/** A cheap first filter; the sheet's chunk applies the full rules (install-guide.ts). */
const MAYBE_MOBILE = /Mobile|iPhone|iPad|iPod|Macintosh|HarmonyOS/i;

/** Never on Android (SPEC): in a plain browser (no wrapper device info) the user agent says so. */
const PLAIN_ANDROID = /Android/i;

function mayOffer(device: DeviceInfo | null): boolean {
  try {
    return (
      window.location.pathname !== GUIDE_PATH &&
      window.localStorage.getItem(GUIDE_SEEN_KEY) === null &&
      MAYBE_MOBILE.test(navigator.userAgent) &&
      !(device === null && PLAIN_ANDROID.test(navigator.userAgent))
    );
  } catch {
    return false;
  }
}

/**
 * The first-visit install guide (SPEC §1), offered once: the sheet's chunk decides with the full
 * rules (not Android, not in the wrapper, not launched from the home screen) and remembers it.
 */
export function InstallGuideHost() {
  const runtime = useRuntime();
  const [open, setOpen] = useState(() => mayOffer(runtime.device));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <InstallGuideSheet device={runtime.device} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
