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

const domGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'XMLHttpRequest'].map((name) => ({
  name,
  message: 'machines/ is pure: inject side effects as actions or actors',
}));

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
  zone(['server/**/*.ts'], [
    { group: ['**/src/**', '../src/*', '**/machines/**', '../machines/*', '**/bridge/**', '../bridge/*'], message: 'server/ shares only api/protocol with the client' },
    { group: ['../api/*', '!../api/protocol', '../../api/*', '!../../api/protocol'], message: 'server/ shares only api/protocol with the client' },
    { group: ['react', 'ky', 'crypto-js', 'crypto-js/*', 'antd-mobile'], message: 'server/ uses node:crypto and no client libraries' },
  ]),
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
  zone(['src/**/*.{ts,tsx}'], [{ group: ['**/server/**', '../server/*', '../../server/*'], message: 'the client never imports the server' }]),
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
    // Tests may reach across layers to set up real servers and cross-check both sides.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'model-tests/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off', 'no-restricted-syntax': 'off' },
  },
);
