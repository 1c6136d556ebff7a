// Source text says why, not which issue asked: history lives in git messages and docs/decisions.md.
// `npm run lint` fails on any issue number (the word "issue" and a number, with or without a
// space, a hyphen or "#") in the comments, test names and printed text of the project's sources.
// A plain scan, no parser: the folders and file kinds below, plus the root config files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ISSUE_REF_FOLDERS = ['api', 'bridge', 'machines', 'model-tests', 'scripts', 'server', 'src', 'tests', 'bench'];
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|html)$/;
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', 'data']);
const ISSUE_REF = /\bissues?[ -]?#?\d+/gi;

/** Each issue number in `text`: its 1-based line and the words matched. */
export function findIssueRefs(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    for (const match of line.matchAll(ISSUE_REF)) found.push({ line: i + 1, text: match[0] });
  });
  return found;
}

function walk(dir, files) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (SOURCE.test(entry.name)) files.push(full);
  }
}

/** The source files the check reads under `root`, relative to it. */
export function issueRefFiles(root) {
  const files = [];
  for (const folder of ISSUE_REF_FOLDERS) walk(path.join(root, folder), files);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile() && /\.(?:ts|js|mjs)$/.test(entry.name)) files.push(path.join(root, entry.name));
  }
  return files.map((file) => path.relative(root, file));
}

/** Every issue number in the sources under `root`, as `file:line: text`. */
export function scanIssueRefs(root) {
  const problems = [];
  for (const file of issueRefFiles(root)) {
    for (const ref of findIssueRefs(readFileSync(path.join(root, file), 'utf8'))) problems.push(`${file}:${ref.line}: "${ref.text}"`);
  }
  return problems;
}
