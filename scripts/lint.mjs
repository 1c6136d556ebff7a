// Lint: ESLint (one-way imports, pure machines) over the project's TypeScript.
import { spawnSync } from 'node:child_process';

const result = spawnSync(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '--no-error-on-unmatched-pattern', 'api', 'machines', 'bridge', 'src', 'server', 'tests', 'model-tests', 'scripts', 'bench'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
