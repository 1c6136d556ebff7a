import type { Page } from '@playwright/test';

/**
 * The privacy decision (src/app/privacy-consent.ts, key PrivacyConsent) in storage before the app
 * starts, once per tab, so specs inside the wrapper simulator do not meet the first-start guide.
 */
export async function seedPrivacyDecision(page: Page, state: 'granted' | 'refused' = 'granted') {
  await page.addInitScript((state) => {
    if (sessionStorage.getItem('e2e-privacy-seeded')) return;
    sessionStorage.setItem('e2e-privacy-seeded', '1');
    localStorage.setItem('PrivacyConsent', JSON.stringify({ state, at: Date.now(), via: 'prompt' }));
  }, state);
}
