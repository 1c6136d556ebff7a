import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT || 8181);
const dataDir = path.join(os.tmpdir(), `gp-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    // The server `npm start` runs, on its own port and a fresh embedded database.
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    // Every spec signs players up from 127.0.0.1: the per-address SMS brake (20 an hour) would stop
    // the run part-way, so the e2e server raises it; the per-phone limits stay as they are.
    // SERVICE_STATUS: customer service is online whatever the hour the run starts at (service.spec,
    // service-live.spec: off hours /service polls instead of streaming).
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SMS_IP_HOURLY_LIMIT: '1000', SERVICE_STATUS: 'online' },
  },
});
