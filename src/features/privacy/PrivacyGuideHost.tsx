import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isInsideWrapper } from '../../../bridge/device-info.ts';
import { useRuntime } from '../../app/runtime-context.tsx';

const PrivacyGuideSheet = lazy(() => import('./PrivacyGuideSheet.tsx'));

/**
 * The first-start 个人信息保护指引: inside the wrapper, until the player has decided
 * once (同意, 不同意, or a sign-in, whose box is the same consent), and again when the player had
 * agreed to an older version of the privacy policy than the server's. A plain browser has no
 * identifier to read, so it is not asked there (docs/decisions.md "Accounts: privacy consent and
 * system settings").
 */
export function PrivacyGuideHost() {
  const runtime = useRuntime();
  const undecided = useSyncExternalStore(runtime.privacy.subscribe, () => runtime.privacy.needsDecision());
  const updated = useSyncExternalStore(runtime.privacy.subscribe, () => runtime.privacy.record() !== null);
  if (!isInsideWrapper(runtime.device) || !undecided) return null;
  return (
    <Suspense fallback={null}>
      <PrivacyGuideSheet open updated={updated} onAgree={() => runtime.privacy.grant('prompt')} onRefuse={() => runtime.privacy.refuse('prompt')} />
    </Suspense>
  );
}
