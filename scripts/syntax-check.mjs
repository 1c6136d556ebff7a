// Syntax check of every built players' chunk against the browser minimum it is for (`npm test`,
// after the build; docs/decisions.md "Old Android WebViews"): es-check's job, with the features
// named by the first Chromium and Safari that parse them, so a failure says which browser breaks.
//   dist/client/assets/*.js (modern build)  → Chromium 80, Safari 14
//   dist/client/legacy/*.js (legacy build)  → Chromium 66, Safari 14
//   dist/client/assets/boot-*.js            → ES5 (classic scripts every browser must parse)
// Usage: node scripts/syntax-check.mjs [dist/client]
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';

/** Syntax newer than ES2018 (what Chromium 66 and Safari 14 both parse), with the first versions that parse it. */
export const FEATURES = {
  optionalCatchBinding: { chrome: 66, safari: 11.1, what: 'catch without a binding' },
  optionalChaining: { chrome: 80, safari: 13.1, what: 'optional chaining (?.)' },
  nullishCoalescing: { chrome: 80, safari: 13.1, what: 'nullish coalescing (??)' },
  bigint: { chrome: 67, safari: 14, what: 'BigInt literal' },
  exportStarAs: { chrome: 72, safari: 14.1, what: 'export * as name' },
  numericSeparator: { chrome: 75, safari: 13, what: 'numeric separator (1_000)' },
  logicalAssignment: { chrome: 85, safari: 14, what: 'logical assignment (&&= ||= ??=)' },
  classFields: { chrome: 72, safari: 14.1, what: 'class field' },
  privateNames: { chrome: 74, safari: 15, what: 'private class member (#x)' },
  privateIn: { chrome: 91, safari: 15, what: '#x in object' },
  staticBlock: { chrome: 94, safari: 16.4, what: 'class static block' },
  topLevelAwait: { chrome: 89, safari: 15, what: 'top-level await' },
  regexpIndices: { chrome: 90, safari: 15, what: 'RegExp d flag' },
  regexpUnicodeSets: { chrome: 112, safari: 17, what: 'RegExp v flag' },
  importAttributes: { chrome: 123, safari: 17.2, what: 'import attributes (with {…})' },
};

/** The features a program uses: each with its first position. */
export function featuresOf(ast) {
  const found = new Map();
  const note = (name, node) => {
    if (!found.has(name)) found.set(name, node.start);
  };
  const visit = (node, functionDepth) => {
    if (!node || typeof node.type !== 'string') return;
    switch (node.type) {
      case 'ChainExpression': note('optionalChaining', node); break;
      case 'LogicalExpression': if (node.operator === '??') note('nullishCoalescing', node); break;
      case 'AssignmentExpression': if (['&&=', '||=', '??='].includes(node.operator)) note('logicalAssignment', node); break;
      case 'Literal':
        if (typeof node.bigint === 'string') note('bigint', node);
        if (typeof node.value === 'number' && /_/.test(node.raw ?? '')) note('numericSeparator', node);
        if (node.regex?.flags.includes('d')) note('regexpIndices', node);
        if (node.regex?.flags.includes('v')) note('regexpUnicodeSets', node);
        break;
      case 'ExportAllDeclaration': if (node.exported) note('exportStarAs', node); if (node.attributes?.length) note('importAttributes', node); break;
      case 'ImportDeclaration': case 'ExportNamedDeclaration': if (node.attributes?.length) note('importAttributes', node); break;
      case 'ImportExpression': if (node.options) note('importAttributes', node); break;
      case 'PropertyDefinition': note('classFields', node); break;
      case 'PrivateIdentifier': note('privateNames', node); break;
      case 'StaticBlock': note('staticBlock', node); break;
      case 'BinaryExpression': if (node.left?.type === 'PrivateIdentifier') note('privateIn', node); break;
      case 'CatchClause': if (node.param === null) note('optionalCatchBinding', node); break;
      case 'AwaitExpression': case 'ForOfStatement':
        if (functionDepth === 0 && (node.type === 'AwaitExpression' || node.await)) note('topLevelAwait', node);
        break;
    }
    const inner = /Function/.test(node.type) || node.type === 'StaticBlock' || node.type === 'PropertyDefinition' ? functionDepth + 1 : functionDepth;
    for (const key of Object.keys(node)) {
      if (key === 'type' || key === 'start' || key === 'end' || key === 'loc') continue;
      const value = node[key];
      if (Array.isArray(value)) for (const item of value) visit(item, inner);
      else if (value && typeof value === 'object') visit(value, inner);
    }
  };
  visit(ast, 0);
  return found;
}

/** Problems of one chunk for a target ({ chrome, safari }), or for ES5 (target 'es5'). */
export function checkSource(source, target, { module = true } = {}) {
  if (target === 'es5') {
    try {
      parse(source, { ecmaVersion: 5, sourceType: 'script' });
      return [];
    } catch (error) {
      return [`not ES5: ${error.message}`];
    }
  }
  let ast;
  try {
    ast = parse(source, { ecmaVersion: 'latest', sourceType: module ? 'module' : 'script' });
  } catch (error) {
    return [`does not parse: ${error.message}`];
  }
  const problems = [];
  for (const [name, at] of featuresOf(ast)) {
    const feature = FEATURES[name];
    if (feature.chrome > target.chrome || feature.safari > target.safari) {
      const line = source.slice(0, at).split('\n').length;
      problems.push(`${feature.what} (Chromium ${feature.chrome}, Safari ${feature.safari}) at line ${line}: ${source.slice(at, at + 60).replace(/\s+/g, ' ')}`);
    }
  }
  return problems;
}

export const TARGETS = {
  modern: { chrome: 80, safari: 14 },
  legacy: { chrome: 66, safari: 14 },
};

/** Every players' chunk of a build folder with the target it is checked against. */
export function chunksOf(dist) {
  const list = [];
  const jsIn = (dir) => (existsSync(path.join(dist, dir)) ? readdirSync(path.join(dist, dir)).filter((file) => file.endsWith('.js')).map((file) => `${dir}/${file}`) : []);
  for (const file of jsIn('assets')) list.push({ file, target: /^assets\/boot-/.test(file) ? 'es5' : 'modern' });
  for (const file of jsIn('legacy')) list.push({ file, target: 'legacy' });
  return list;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/client'));
  const chunks = chunksOf(dist);
  const counts = { modern: 0, legacy: 0, es5: 0 };
  let failed = 0;
  for (const { file, target } of chunks) {
    counts[target]++;
    const problems = checkSource(readFileSync(path.join(dist, file), 'utf8'), target === 'es5' ? 'es5' : TARGETS[target]);
    if (problems.length === 0) continue;
    failed++;
    console.log(`FAIL ${file} (${target}):\n  ${problems.join('\n  ')}`);
  }
  const missing = ['modern', 'legacy', 'es5'].filter((target) => counts[target] === 0);
  for (const target of missing) console.log(`FAIL no ${target} chunks in ${dist} (run npm run build)`);
  console.log(`syntax: ${counts.modern} modern chunks (Chromium 80, Safari 14), ${counts.legacy} legacy chunks (Chromium 66, Safari 14), ${counts.es5} boot scripts (ES5)`);
  console.log(`${chunks.length - failed} passed, ${failed + missing.length} failed`);
  process.exit(failed + missing.length > 0 ? 1 : 0);
}
