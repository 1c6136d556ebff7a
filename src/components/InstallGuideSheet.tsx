import { useEffect, useState } from 'react';
import type { DeviceInfo } from '../../api/device.ts';
import { browserGuideEnvironment, guidePlatform, readGuideSeen, rememberGuideSeen, shouldOfferInstallGuide } from '../app/install-guide.ts';
import { InstallGuide } from './InstallGuide.tsx';
import { Sheet } from './Sheet.tsx';

/** The install guide as a dismissible bottom sheet over the first page of the first visit. */
export default function InstallGuideSheet({ device, onClose }: { device: DeviceInfo | null; onClose: () => void }) {
  const [environment] = useState(() => browserGuideEnvironment(device));
  const [offered] = useState(() => shouldOfferInstallGuide(environment, readGuideSeen(window.localStorage)));
  useEffect(() => {
    // Offered once, dismissed or not.
    if (offered) rememberGuideSeen(window.localStorage);
  }, [offered]);
  if (!offered) return null;
  return (
    <Sheet open onClose={onClose} labelledBy="install-sheet-title" className="install-sheet__panel">
      <h2 id="install-sheet-title" className="install-sheet__title">
        添加到主屏幕
      </h2>
      <InstallGuide platform={guidePlatform(environment)} />
      <button type="button" className="install-sheet__close" onClick={onClose}>
        我知道了
      </button>
    </Sheet>
  );
}
