import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is a single worker,
    // while most test files wait on PGlite, PostgreSQL or timers. Every file has its own database
    // copy, Redis prefix and ports (docs/decisions.md "suite time on 2 cores").
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['tests/helpers/global-db.ts'],
          include: ['api/**/*.test.ts', 'machines/**/*.test.ts', 'bridge/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts', 'model-tests/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'tests/dom/**/*.test.tsx', 'model-tests/**/*.test.tsx'],
          setupFiles: ['tests/dom/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
