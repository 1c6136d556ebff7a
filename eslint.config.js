import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (ARCHITECTURE.md): src → machines → (api | bridge); server → api/protocol.
 * machines/ is pure: no React, no ky, no DOM globals.
 */
const zone = (files, patterns, extra = {}) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns }],
    ...extra,
  },
});

const noServer = { group: ['**/server/**', '../server/*', '../../server/*'], message: 'the client never imports the server' };

const domGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'XMLHttpRequest'].map((name) => ({
  name,
  message: 'machines/ is pure: inject side effects as actions or actors',
}));

/** What every server file may not import (the server shares only api/protocol with the client). */
const serverPatterns = [
  { group: ['**/src/**', '../src/*', '**/machines/**', '../machines/*', '**/bridge/**', '../bridge/*'], message: 'server/ shares only api/protocol with the client' },
  { group: ['../api/*', '!../api/protocol', '../../api/*', '!../../api/protocol'], message: 'server/ shares only api/protocol with the client' },
  { group: ['react', 'ky', 'crypto-js', 'crypto-js/*', 'antd-mobile'], message: 'server/ uses node:crypto and no client libraries' },
];

/**
 * The server's product domains: they sit above money/ and db/ and use them, never the other way
 * (docs/decisions.md "One-way imports on the server"). A domain reaches an order through money's
 * registry (server/money/products.ts), wired in server/app.ts. catalog/china-time.ts is the
 * platform's clock arithmetic, not the catalogue, so it stays open to all.
 */
const PRODUCT_DOMAINS = ['catalog', 'content', 'help', 'holidays', 'invite', 'messages', 'profile', 'real-name', 'rewards', 'routes', 'service', 'staff', 'tasks', 'trading', 'uploads', 'withdrawals'];
const domainImports = (below) => ({
  group: [...PRODUCT_DOMAINS.flatMap((domain) => [`../${domain}/*`, `../../${domain}/*`]), '!../catalog/china-time.ts', '!../../catalog/china-time.ts', ...below],
  message: 'server/money and server/db sit below the product domains: register a hook (server/money/products.ts) instead of importing one',
});
/** A server call's path as a literal: /api/…, /down/…, /point (not the /downlist page). */
const CALL_PATH = String.raw`/^\/(api\/|down\/|point($|[/?]))/`;
const CALL_PATH_MESSAGE = 'name the call by its ref (api/protocol/call-refs.ts, e.g. calls.game.getGiftList), not by its path';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'data/**', 'docs/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  zone(
    ['machines/**/*.ts'],
    [
      { group: ['react', 'react-dom', 'react/*', '@xstate/react', 'antd-mobile', 'antd-mobile/*', 'wouter', 'ky'], message: 'machines/ never imports React, UI or HTTP libraries' },
      { group: ['**/src/**', '../src/*'], message: 'machines/ must not import from src/' },
      { group: ['**/server/**', '../server/*'], message: 'the client never imports the server' },
    ],
    { 'no-restricted-globals': ['error', ...domGlobals] },
  ),
  zone(['api/**/*.ts', 'bridge/**/*.ts'], [
    { group: ['react', 'react-dom', '@xstate/react', 'antd-mobile', 'antd-mobile/*', 'wouter'], message: 'api/ and bridge/ have no UI' },
    { group: ['**/src/**', '../src/*', '**/machines/**', '../machines/*'], message: 'api/ and bridge/ sit below machines/ and src/' },
    { group: ['**/server/**', '../server/*', '../../server/*'], message: 'the client never imports the server (tests excepted)' },
  ]),
  zone(['api/protocol/**/*.ts'], [
    { group: ['ky', 'crypto-js', 'crypto-js/*', 'node:*', 'react'], message: 'api/protocol is shared by client and server: primitives are injected' },
    { group: ['../*', '!./*'], message: 'api/protocol imports only itself' },
  ]),
  zone(['api/protocol/calls/*.ts', 'api/protocol/staff/*.ts', 'api/protocol/refs/*.ts'], [
    { group: ['ky', 'crypto-js', 'crypto-js/*', 'node:*', 'react'], message: 'api/protocol is shared by client and server: primitives are injected' },
    { group: ['../../*'], message: 'api/protocol imports only itself' },
  ]),
  zone(['server/**/*.ts'], serverPatterns),
  // Later zones replace the rule's options for their files, so each repeats the server's patterns.
  zone(['server/money/**/*.ts'], [...serverPatterns, domainImports([])]),
  // db/ is the bottom: no product domain and not money. Its seeds (seed-*.ts) fill every domain's
  // tables with that domain's own rows and texts, so they import them until each domain seeds itself.
  zone(['server/db/**/*.ts'], [...serverPatterns, domainImports(['../money/*'])]),
  { files: ['server/db/seed-*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns }] } },
  {
    // Hooks run in the same order every render, and effects see what they read. A machine is run
    // from a view through useFeatureActor (src/app/use-feature-actor.ts), never rebuilt in useMemo.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  zone(['src/**/*.{ts,tsx}'], [noServer]),
  // Layers inside src/ (one level of folders each): a page is a leaf, components know no feature.
  // Stylesheets are left out: /openclothes still borrows the game page's list styles.
  zone(['src/pages/**/*.{ts,tsx}'], [noServer, { regex: '^\\.\\./(?!\\.\\./)[^/]+/.*\\.tsx?$', message: 'pages never import pages: move the shared piece to features/, components/ or app/' }, { regex: '^(\\.\\./)+pages/.*\\.tsx?$', message: 'pages never import pages' }]),
  zone(['src/components/**/*.{ts,tsx}'], [noServer, { regex: '^(\\.\\./)+(features|pages)/', message: 'components never import features or pages: take the piece as a prop' }]),
  zone(['src/features/**/*.{ts,tsx}'], [noServer, { regex: '^(\\.\\./)+pages/', message: 'features never import pages: move the shared piece to the feature' }]),
  {
    // The client names a call by its ref (api/protocol/call-refs.ts), never by its path: the ref
    // carries the declaration's payload and answer types, a path literal carries nothing.
    files: ['api/**/*.ts', 'src/**/*.{ts,tsx}', 'machines/**/*.ts', 'bridge/**/*.ts'],
    ignores: ['api/protocol/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: String.raw`Literal[value=${CALL_PATH}]`, message: CALL_PATH_MESSAGE },
        { selector: String.raw`TemplateLiteral[quasis.0.value.raw=${CALL_PATH}]`, message: CALL_PATH_MESSAGE },
      ],
    },
  },
  {
    // The wrapper simulator once grew into one 600-line closure; keeping every bridge function
    // short keeps its engine, its install store and its façade apart.
    files: ['bridge/**/*.ts'],
    ignores: ['bridge/**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // Tests may reach across layers to set up real servers and cross-check both sides.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'model-tests/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off', 'no-restricted-syntax': 'off' },
  },
);
