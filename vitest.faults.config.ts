import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the server fault suite — real server processes
 * (server/main.ts) SIGKILLed under load, PostgreSQL connections terminated, Redis taken away.
 * Files run one after another (each drives its own server processes; 2 cores).
 * Not part of the default `vitest run` (vitest.config.ts does not include tests/faults/).
 */
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['tests/faults/**/*.test.ts'],
    globalSetup: ['tests/faults/global.ts'],
    fileParallelism: false,
    // Generous: under heavy load one server start has taken up to a minute (tsx compiling the server).
    testTimeout: 480_000,
    hookTimeout: 240_000,
  },
});
