import { lazy, Suspense } from 'react';
import { useServiceNotice } from './use-service-notice.ts';

/** The banner's code loads when the first message arrives (it stays out of the entry chunk). */
const ServiceNoticeBanner = lazy(() => import('./ServiceNoticeBanner.tsx'));

/** SPEC §2 "Notification titled '客服消息' that opens /service": a top banner, gone after 5 s. */
export function ServiceNotification() {
  const { visible, content, open, dismiss } = useServiceNotice();
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <ServiceNoticeBanner content={content} onOpen={open} onDismiss={dismiss} />
    </Suspense>
  );
}
