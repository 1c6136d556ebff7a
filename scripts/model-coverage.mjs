// `npm run model-coverage`: prints every machine's state and transition coverage by its model's
// generated paths (model-tests/models.ts) and fails when a model misses something it does not
// name. It runs under vitest, as some models read the app's route table (import.meta.glob).
import { spawnSync } from 'node:child_process';

const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'model-tests/models.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, MODEL_COVERAGE: '1' },
});
process.exit(result.status ?? 1);
