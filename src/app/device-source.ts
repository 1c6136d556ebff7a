import { withoutIdentifiers, type DeviceInfo } from '../../api/device.ts';
import { readBasicDeviceInfo, readDeviceInfo, tellPrivacyConsent } from '../../bridge/device-info.ts';
import type { ConsentStore } from './privacy-consent.ts';

/**
 * Where the app's device info comes from, gated on the privacy consent: at start only
 * the basic fields are read (getBasicDeviceInfo); the identifiers (getDeviceInfo) are read the
 * first time a call needs them after the player agreed, kept for the page's lifetime, and dropped
 * the moment consent is gone (withdrawn here or in another tab). The wrapper hears every change
 * (setPrivacyConsent), so its own SDKs follow the same consent.
 */
export interface DeviceSource {
  /**
   * The non-identifying fields read at start (runtime.device); null in a plain browser, and in a
   * wrapper without getBasicDeviceInfo (the policy version is not known yet at start, so that
   * wrapper's everything-at-once answer waits for the first call after consent).
   */
  readonly basic: DeviceInfo | null;
  /** What a device-variant call sends (PROTOCOL §2.3): the basic fields, and the identifiers only with consent. */
  forRequest(): DeviceInfo | null;
}

export function createDeviceSource(
  host: Record<string, unknown>,
  consent: Pick<ConsentStore, 'granted' | 'subscribe' | 'policyVersion'>,
  /** Asks the server for the policy version again (it was not known yet: no consent counts before). */
  loadPolicyVersion: () => void = () => {},
): DeviceSource {
  let identified: DeviceInfo | null = null;
  const basicAtStart = readBasicDeviceInfo(host);
  let basic = basicAtStart;
  let told: boolean | null = null;
  const tell = () => {
    const granted = consent.granted();
    if (!granted) identified = null;
    if (basic !== null && told !== granted && tellPrivacyConsent(host, granted)) told = granted;
  };
  tell();
  consent.subscribe(tell);

  return {
    basic: basicAtStart,
    forRequest() {
      if (consent.policyVersion() === null) loadPolicyVersion();
      if (basic === null) {
        // A wrapper without getBasicDeviceInfo can only answer with everything: asked only with consent.
        if (!consent.granted()) return null;
        identified = readDeviceInfo(host);
        basic = identified && withoutIdentifiers(identified);
        tell();
        return identified;
      }
      if (!consent.granted()) {
        identified = null;
        return basic;
      }
      identified ??= readDeviceInfo(host);
      return identified ? { ...basic, ...identified } : basic;
    },
  };
}
