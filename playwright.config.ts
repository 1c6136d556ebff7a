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
  // single-worker time on a quiet machine, and CI's machine has run the whole suite 2.3× slower than
  // a quiet one (a console page's first paint past 7 s), so the allowances are 90 s per test (specs
  // with longer flows set their own) and 15 s per expectation. Passing tests take no longer for it.
  timeout: 90_000,
  expect: { timeout: 15_000 },
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
