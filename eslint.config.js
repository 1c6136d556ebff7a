import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (ARCHITECTURE.md): src → machines → (api | bridge); server → api/protocol.
 * machines/ is pure: no React, no ky, no DOM globals.
 */
const zone = (files, patterns, extra = {}, paths = undefined) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', paths ? { paths, patterns } : { patterns }],
    ...extra,
  },
});

const noServer = { group: ['**/server/**', '../server/*', '../../server/*'], message: 'the client never imports the server' };

/**
 * A confirm (in the players' app and the staff console) is src/components/ConfirmDialog.tsx, the
 * one file that imports antd-mobile's Dialog: it adds the label, the focus trap and Escape, and an
 * imperative form that renders the same dialog.
 */
const CONFIRM_MESSAGE = 'a confirm is <ConfirmDialog> or confirm() from src/components/ConfirmDialog.tsx: it gives the label, the focus trap and Escape';
const noAntdDialogPaths = [{ name: 'antd-mobile', importNames: ['Dialog'], message: CONFIRM_MESSAGE }];
const noAntdDialog = { group: ['antd-mobile/*/components/dialog', 'antd-mobile/*/components/dialog/*'], message: CONFIRM_MESSAGE };
/** A zone of src/: its patterns, and antd-mobile's Dialog refused. */
const srcZone = (files, patterns) => zone(files, [...patterns, noAntdDialog], {}, noAntdDialogPaths);
const STAFF_KIT_MESSAGE = 'the staff console is on antd (README "Build a console page"): Table with usePagedTable, useConfirm, App.useApp().message, Form';
const STAFF_KIT = [
  { group: ['antd-mobile', 'antd-mobile/*'], message: STAFF_KIT_MESSAGE },
  { regex: '(^|/)components/ConfirmDialog(\\.tsx)?$', message: STAFF_KIT_MESSAGE },
];
/** Console files still on antd-mobile, moving module by module (emptied as each lands). */
const STAFF_NOT_YET_ON_ANTD = [
  'src/staff/main.tsx',
  'src/staff/modules/feedback/**',
  'src/staff/modules/service-desk/**',
  'src/staff/modules/trading/**',
];
const componentsLayer = { regex: '^(\\.\\./)+(features|pages)/', message: 'components never import features or pages: take the piece as a prop' };

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
 * registry (server/money/products.ts), wired in server/app.ts. The platform's clock arithmetic
 * (server/china-time.ts) and the HTML sanitiser (server/html-sanitize.ts) belong to no domain.
 */
const PRODUCT_DOMAINS = ['accounts', 'catalog', 'help', 'holidays', 'invite', 'messages', 'rewards', 'service', 'staff', 'tasks', 'trading', 'uploads', 'wallet', 'withdrawals'];
const domainImports = (below) => ({
  group: [...PRODUCT_DOMAINS.flatMap((domain) => [`../${domain}/*`, `../../${domain}/*`]), ...below],
  message: 'server/money and server/db sit below the product domains: register a hook (server/money/products.ts) instead of importing one',
});
/**
 * Server modules (server/module.ts): a domain reaches another only through its index.ts, which says
 * what it offers the others; its other files are its own. Tests may reach in.
 */
const throughIndex = (own) => ({
  regex: String.raw`^(\.\./)+(${PRODUCT_DOMAINS.filter((domain) => domain !== own).join('|')})/(?!index\.ts$)`,
  message: 'a server domain imports another only through its index.ts (server/<domain>/index.ts): export what it needs there',
});
/** A server call's path as a literal: /api/…, /down/…, /point (not the /downlist page). */
const CALL_PATH = String.raw`/^\/(api\/|down\/|point($|[/?]))/`;
const CALL_PATH_MESSAGE = 'name the call by its ref (api/protocol/call-refs.ts, e.g. calls.game.getGiftList), not by its path';
/** A staff call's path as a literal: /staff/api/… (the console's calls, api/protocol/staff-refs.ts). */
const STAFF_CALL_PATH = String.raw`/^\/staff\/api\//`;
const STAFF_CALL_PATH_MESSAGE = 'name the staff call by its ref (api/protocol/staff-refs.ts, e.g. staffCalls.service.queue), not by its path';
const callPathRules = [
  { selector: String.raw`Literal[value=${CALL_PATH}]`, message: CALL_PATH_MESSAGE },
  { selector: String.raw`TemplateLiteral[quasis.0.value.raw=${CALL_PATH}]`, message: CALL_PATH_MESSAGE },
  { selector: String.raw`Literal[value=${STAFF_CALL_PATH}]`, message: STAFF_CALL_PATH_MESSAGE },
  { selector: String.raw`TemplateLiteral[quasis.0.value.raw=${STAFF_CALL_PATH}]`, message: STAFF_CALL_PATH_MESSAGE },
];
const DIALOG_MESSAGE = 'a sheet or dialog of the players\' app is <Sheet>, <CenterDialog> or <ConfirmDialog> (src/components/): they give the mask, the focus trap, Escape and the label';

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
  ...PRODUCT_DOMAINS.map((domain) => ({ ...zone([`server/${domain}/**/*.ts`], [...serverPatterns, throughIndex(domain)]), ignores: ['server/**/*.test.ts'] })),
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
  srcZone(['src/**/*.{ts,tsx}'], [noServer]),
  // Layers inside src/ (one level of folders each): a page is a leaf, components know no feature.
  // Stylesheets are left out: /openclothes still borrows the game page's list styles.
  srcZone(['src/pages/**/*.{ts,tsx}'], [noServer, { regex: '^\\.\\./(?!\\.\\./)[^/]+/.*\\.tsx?$', message: 'pages never import pages: move the shared piece to features/, components/ or app/' }, { regex: '^(\\.\\./)+pages/.*\\.tsx?$', message: 'pages never import pages' }]),
  srcZone(['src/components/**/*.{ts,tsx}'], [noServer, componentsLayer]),
  zone(['src/components/ConfirmDialog.tsx'], [noServer, componentsLayer]),
  // The staff console is a desktop tool on antd (README "Build a console page"): the players' mobile
  // kit and its ConfirmDialog are refused there. The files listed are the modules still to move.
  {
    ...srcZone(['src/staff/**/*.{ts,tsx}'], [noServer, ...STAFF_KIT]),
    ignores: STAFF_NOT_YET_ON_ANTD,
  },
  srcZone(['src/features/**/*.{ts,tsx}'], [noServer, { regex: '^(\\.\\./)+pages/', message: 'features never import pages: move the shared piece to the feature' }]),
  {
    // The client names a call by its ref (api/protocol/call-refs.ts), never by its path, and so does
    // the staff console (api/protocol/staff-refs.ts): the ref carries the declaration's payload and
    // answer types, a path literal carries nothing.
    files: ['api/**/*.ts', 'src/**/*.{ts,tsx}', 'machines/**/*.ts', 'bridge/**/*.ts'],
    ignores: ['api/protocol/**'],
    rules: {
      'no-restricted-syntax': ['error', ...callPathRules],
    },
  },
  {
    // The players' app has one bottom sheet and one centred dialog (src/components/Sheet.tsx,
    // CenterDialog.tsx): a hand-made role="dialog" brings its own mask, focus handling and looks.
    // (The staff console is another kit.) The option list replaces the one above, so it repeats it.
    files: ['src/**/*.tsx'],
    ignores: ['src/staff/**', 'src/components/Sheet.tsx', 'src/components/CenterDialog.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...callPathRules,
        { selector: "JSXAttribute[name.name='role'][value.value='dialog']", message: DIALOG_MESSAGE },
        { selector: "JSXAttribute[name.name='role'][value.expression.value='dialog']", message: DIALOG_MESSAGE },
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
