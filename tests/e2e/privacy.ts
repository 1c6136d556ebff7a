import type { Page } from '@playwright/test';
import { PRIVACY_POLICY_FIRST_VERSION } from '../../server/db/seed-auth-content.ts';

/**
 * The privacy decision (src/app/privacy-consent.ts, key PrivacyConsent) in storage before the app
 * starts, once per tab, so specs inside the wrapper simulator do not meet the first-start guide.
 * A consent is to one policy version: the one the e2e server seeds, unless a spec says otherwise.
 */
export async function seedPrivacyDecision(page: Page, state: 'granted' | 'refused' = 'granted', version: string = PRIVACY_POLICY_FIRST_VERSION) {
  await page.addInitScript(
    ({ state, version }) => {
      if (sessionStorage.getItem('e2e-privacy-seeded')) return;
      sessionStorage.setItem('e2e-privacy-seeded', '1');
      localStorage.setItem('PrivacyConsent', JSON.stringify({ state, at: Date.now(), via: 'prompt', version }));
    },
    { state, version },
  );
}
