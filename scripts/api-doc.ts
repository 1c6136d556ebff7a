// `npm run api-doc`: writes docs/api.md from the calls' declarations (api/protocol/calls/) and
// docs/staff-api.md from the staff calls' (api/protocol/staff/).
// `npm run api-doc -- --check`: writes nothing; exits 1 when either is stale or missing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_DOC_FILE, generateApiDoc, generateStaffApiDoc, STAFF_API_DOC_FILE } from './api-doc-file.ts';

const root = path.resolve(import.meta.dirname, '..');
let stale = false;
for (const [file, content] of [[API_DOC_FILE, generateApiDoc()], [STAFF_API_DOC_FILE, generateStaffApiDoc()]] as const) {
  const target = path.join(root, file);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (process.argv.includes('--check')) {
    if (current !== content) {
      console.error(`api-doc: ${file} is ${current === null ? 'missing' : 'stale'} — run \`npm run api-doc\` and commit it`);
      stale = true;
    } else console.log(`api-doc: ${file} up to date`);
  } else if (current === content) {
    console.log(`api-doc: ${file} already up to date`);
  } else {
    writeFileSync(target, content);
    console.log(`api-doc: wrote ${file}`);
  }
}
if (stale) process.exit(1);
