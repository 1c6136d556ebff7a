// `npm run api-doc`: writes docs/api.md from the calls' declarations (api/protocol/calls/).
// `npm run api-doc -- --check`: writes nothing; exits 1 when docs/api.md is stale or missing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_DOC_FILE, generateApiDoc } from './api-doc-file.ts';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, API_DOC_FILE);
const content = generateApiDoc();
const current = existsSync(target) ? readFileSync(target, 'utf8') : null;

if (process.argv.includes('--check')) {
  if (current !== content) {
    console.error(`api-doc: ${API_DOC_FILE} is ${current === null ? 'missing' : 'stale'} — run \`npm run api-doc\` and commit it`);
    process.exit(1);
  }
  console.log(`api-doc: ${API_DOC_FILE} up to date`);
} else if (current === content) {
  console.log(`api-doc: ${API_DOC_FILE} already up to date`);
} else {
  writeFileSync(target, content);
  console.log(`api-doc: wrote ${API_DOC_FILE}`);
}
