// `npm run diagrams`: writes docs/diagrams from machines/registry.ts.
// `npm run diagrams -- --check`: writes nothing; exits 1 when a committed file is stale or missing.
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DIAGRAM_DIR, generateDiagramFiles } from './diagram-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, DIAGRAM_DIR);
const check = process.argv.includes('--check');
const files = generateDiagramFiles();
const existing = existsSync(dir) ? readdirSync(dir).filter((file) => /\.(mmd|svg)$/.test(file) || file === 'README.md') : [];
const stale: string[] = [];

for (const [file, content] of files) {
  const target = path.join(dir, file);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (current === content) continue;
  stale.push(`${current === null ? 'missing' : 'stale  '} ${DIAGRAM_DIR}/${file}`);
  if (!check) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(target, content);
  }
}
for (const file of existing) {
  if (files.has(file)) continue;
  stale.push(`extra   ${DIAGRAM_DIR}/${file} (no machine in the registry draws it)`);
  if (!check) unlinkSync(path.join(dir, file));
}

if (check) {
  if (stale.length > 0) {
    console.error(`diagrams: ${stale.length} file(s) differ from the machines — run \`npm run diagrams\` and commit docs/diagrams:\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`diagrams: ${files.size} files up to date`);
} else {
  console.log(stale.length > 0 ? `diagrams: wrote\n  ${stale.join('\n  ')}` : `diagrams: ${files.size} files already up to date`);
}
