import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { findIssueRefs, issueRefFiles, scanIssueRefs } from '../../scripts/issue-refs.mjs';

/** The word and a number, spelled apart so this file itself stays clean. */
const WORD = 'iss' + 'ue';
const CAPITAL = 'Iss' + 'ue';

describe('lint: no issue numbers in source text', () => {
  it('finds the word and a number in every spelling, with its line', () => {
    const text = [`// ${WORD} 13 §7: the desk`, ` * (${CAPITAL} 16 item 3)`, `it('${WORD} #4 done', () => {});`, `shoot(page, '${WORD}15-bought');`, `// ${WORD}s 11 and 12`, `test('every ${WORD}-13 route', () => {});`].join('\n');
    expect(findIssueRefs(text)).toEqual([
      { line: 1, text: `${WORD} 13` },
      { line: 2, text: `${CAPITAL} 16` },
      { line: 3, text: `${WORD} #4` },
      { line: 4, text: `${WORD}15` },
      { line: 5, text: `${WORD}s 11` },
      { line: 6, text: `${WORD}-13` },
    ]);
  });

  it('lets the word pass without a number, and a number after another word', () => {
    expect(findIssueRefs(`// the ${WORD} of a coupon; ${WORD}d 3 coupons; t${WORD} 5; ${WORD}: 13`)).toEqual([]);
  });

  describe('over a tree', () => {
    let root = '';
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('reads the source folders and the root config files, skips node_modules and other kinds', () => {
      root = mkdtempSync(path.join(tmpdir(), 'issue-refs-'));
      const put = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      put('server/routes/a.ts', `// clean\n// ${WORD} 12: why?\n`);
      put('src/app/b.css', `/* Touch targets (${WORD} 16) */`);
      put('tests/e2e/c.spec.ts', `test('${WORD} 13 routes', () => {});`);
      put('vite.config.ts', `// ${WORD} 16`);
      put('src/app/clean.tsx', '// says why');
      put('server/node_modules/x/index.ts', `// ${WORD} 1`);
      put('docs/decisions.md', `## ${WORD} 16: history belongs here`);
      put('src/app/data.json', `{"note": "${WORD} 3"}`);
      expect(issueRefFiles(root).sort()).toEqual(['server/routes/a.ts', 'src/app/b.css', 'src/app/clean.tsx', 'tests/e2e/c.spec.ts', 'vite.config.ts']);
      expect(scanIssueRefs(root).sort()).toEqual([
        `server/routes/a.ts:2: "${WORD} 12"`,
        `src/app/b.css:1: "${WORD} 16"`,
        `tests/e2e/c.spec.ts:1: "${WORD} 13"`,
        `vite.config.ts:1: "${WORD} 16"`,
      ]);
    });
  });

  it('the project itself has none', () => {
    expect(scanIssueRefs(process.cwd())).toEqual([]);
  });
});
