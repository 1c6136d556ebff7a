// `npm test`: everything — typecheck, lint, unit and model tests, build, size budgets, syntax check, e2e, old WebViews, server faults.
// Ends with one summary line "tests: N passed, N failed" counting every test case run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureSystemPackages } from './system-deps.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Chromium and the CJK fonts first: installed when missing and possible, else one line and exit 1.
if (!ensureSystemPackages()) process.exit(1);
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const steps = [];
let passedTests = 0;
let failedTests = 0;
/** The failed tests by name, repeated just above the last line: a log cut to its end still names them. */
const failedNames = [];

function run(name, command, args, { env = {}, after } = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push({ name, ok, seconds });
  after?.();
  return ok;
}

/** A failure message's first line (colours stripped), to follow a test's name. */
const firstLine = (message) => {
  const line = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((text) => text.trim() !== '');
  return line ? `\n      ${line.trim().slice(0, 200)}` : '';
};

const node = process.execPath;
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);

run('typecheck', node, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']);
run('lint', node, ['scripts/lint.mjs']);
/** Counts a Vitest JSON report's tests and names its failures (the unit run and the fault suite). */
function countVitest(reportName) {
  return () => {
    const file = path.join(results, reportName);
    if (!existsSync(file)) return;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passedTests += report.numPassedTests ?? 0;
    failedTests += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    for (const file of report.testResults ?? []) {
      const name = path.relative(root, file.name ?? '');
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) failedNames.push(`vitest  ${name} › ${test.fullName}${firstLine(test.failureMessages?.[0])}`);
      if (failed.length === 0 && file.status === 'failed') failedNames.push(`vitest  ${name} (the file failed to run)${firstLine(file.message)}`);
    }
  };
}

const vitest = bin('vitest', 'vitest.mjs');
run('unit + model tests (vitest)', node, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, 'vitest.json')}`], { after: countVitest('vitest.json') });
const built = run('build', 'npm', ['run', 'build', '--silent']);
if (built) {
  run('size budgets', node, ['scripts/size-budget.mjs']);
  // Every built players' chunk parses in the browser minimum it is for (docs/decisions.md "Old Android WebViews").
  run('syntax check (Chromium 80 / 66, ES5)', node, ['scripts/syntax-check.mjs']);
  run('e2e (Playwright, Chromium 375×812)', node, [bin('@playwright/test', 'cli.js'), 'test'], {
    after() {
      const file = path.join(results, 'playwright.json');
      if (!existsSync(file)) return;
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const stats = report.stats ?? {};
      passedTests += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failedTests += stats.unexpected ?? 0;
      const visit = (suite) => {
        for (const spec of suite.specs ?? []) {
          const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error?.message;
          if (!spec.ok) failedNames.push(`e2e     ${spec.file}:${spec.line} › ${spec.title}${firstLine(error)}`);
        }
        for (const child of suite.suites ?? []) visit(child);
      };
      for (const suite of report.suites ?? []) visit(suite);
    },
  });
}

if (built) {
  // The legacy build's journeys in Chromium 66 and the message page in Chromium 65 (old Chromium
  // builds from the npm registry, installed into a cache on first use: scripts/old-chromium.mjs).
  run('old WebViews (Chromium 66 / 65)', node, ['scripts/old-webview.mjs'], {
    after() {
      const file = path.join(results, 'old-webview.json');
      if (!existsSync(file)) return;
      const report = JSON.parse(readFileSync(file, 'utf8'));
      passedTests += report.passed ?? 0;
      failedTests += report.failed ?? 0;
      for (const outcome of report.outcomes ?? []) if (!outcome.ok) failedNames.push(`old-webview  ${outcome.browser} › ${outcome.name}${firstLine(outcome.error)}`);
    },
  });
}

if (built) {
  // The fault suite: real server processes (the build) SIGKILLed under load, PostgreSQL connections
  // terminated, Redis taken away (tests/faults/, `npm run test:faults`).
  run('server faults (vitest)', node, [vitest, 'run', '-c', 'vitest.faults.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, 'faults.json')}`], {
    env: { FAULTS_SERVER: 'build' },
    after: countVitest('faults.json'),
  });
}

console.log('\n━━ summary ━━');
for (const step of steps) console.log(`${step.ok ? 'PASS' : 'FAIL'}  ${step.name.padEnd(36)} ${step.seconds.padStart(6)} s`);
if (failedNames.length > 0) {
  console.log(`\nfailed (${failedNames.length}):`);
  for (const name of failedNames) console.log(`  ${name}`);
}
const failedSteps = steps.filter((s) => !s.ok).length + (built ? 0 : 5);
if (failedSteps > 0 && failedTests === 0) failedTests = failedSteps;
console.log(`tests: ${passedTests} passed, ${failedTests} failed`);
process.exit(failedSteps > 0 ? 1 : 0);
