import { defineConfig } from '@playwright/test';

/**
 * Each worker runs its own server (`npm start`'s, on E2E_PORT + its index and a fresh embedded
 * database: tests/e2e/fixtures/test.ts), so specs that change what every player sees (a pop-up
 * notice, a broadcast) never meet another worker's. E2E_WORKERS: 2 by default (CI's 2 cores).
 */
const WORKERS = Number(process.env.E2E_WORKERS || 2);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Two workers share CI's 2 cores (each with its server and Chromium): a test takes up to ~1.5× its
  // single-worker time, so the default allowance is 60 s (specs with longer flows set their own).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: WORKERS,
  globalSetup: './tests/e2e/global-setup.ts',
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
