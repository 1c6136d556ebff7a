// Lint: ESLint (one-way imports, pure machines) over the project's TypeScript, then no issue
// numbers in the sources (scripts/issue-refs.mjs).
import { spawnSync } from 'node:child_process';
import { scanIssueRefs } from './issue-refs.mjs';

const result = spawnSync(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '--no-error-on-unmatched-pattern', 'api', 'machines', 'bridge', 'src', 'server', 'tests', 'model-tests', 'scripts', 'bench'], { stdio: 'inherit' });

const refs = scanIssueRefs(process.cwd());
if (refs.length > 0) {
  console.error(`${refs.join('\n')}\n\n${refs.length} issue number(s) in source text: say why (the reason, the rule, the thing), not which issue asked; history belongs in git and docs/decisions.md.`);
}
process.exit(refs.length > 0 ? 1 : (result.status ?? 1));
