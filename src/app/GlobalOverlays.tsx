import { LoginOverlayHost } from '../features/login/LoginOverlayHost.tsx';
import { InstallGuideHost } from '../components/InstallGuideHost.tsx';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { RatingOverlay } from '../features/rating/RatingOverlay.tsx';
import { ServiceNotification } from '../features/service/ServiceNotification.tsx';
import { PrivacyGuideHost } from '../features/privacy/PrivacyGuideHost.tsx';

/** Overlays that live above every page (login, rating, notifications, loading); one line each. */
export function GlobalOverlays() {
  return (
    <>
      {/* OVERLAYS: each feature adds its component on its own line below */}
      <RatingOverlay />
      <ServiceNotification />
      <LoginOverlayHost />
      <LoadingOverlay />
      <InstallGuideHost />
      <PrivacyGuideHost />
    </>
  );
}
