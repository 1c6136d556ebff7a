import { useEffect, useRef, useState } from 'react';
import type { DeviceInfo } from '../../api/device.ts';
import { browserGuideEnvironment, guidePlatform, readGuideSeen, rememberGuideSeen, shouldOfferInstallGuide } from '../app/install-guide.ts';
import { InstallGuide } from './InstallGuide.tsx';

/** The install guide as a dismissible bottom sheet over the first page of the first visit. */
export default function InstallGuideSheet({ device, onClose }: { device: DeviceInfo | null; onClose: () => void }) {
  const [environment] = useState(() => browserGuideEnvironment(device));
  const [offered] = useState(() => shouldOfferInstallGuide(environment, readGuideSeen(window.localStorage)));
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Offered once, dismissed or not.
    if (offered) rememberGuideSeen(window.localStorage);
    closeRef.current?.focus();
  }, [offered]);
  if (!offered) return null;
  return (
    <div className="install-sheet" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="install-sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="install-sheet-title"
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
      >
        <h2 id="install-sheet-title" className="install-sheet__title">
          添加到主屏幕
        </h2>
        <InstallGuide platform={guidePlatform(environment)} />
        <button ref={closeRef} type="button" className="install-sheet__close" onClick={onClose}>
          我知道了
        </button>
      </div>
    </div>
  );
}
