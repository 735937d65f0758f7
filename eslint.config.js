// One lint configuration for every workspace; web feature boundaries follow bulletproof-react's (docs/architecture.md).

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

import { importCycles } from './eslint/import-cycles.js';
import { serverBoundaries } from './eslint/server-boundaries.js';

const WEB_FEATURES = [
  'auth',
  'account',
  'passkeys',
  'tenants',
  'members',
  'invitations',
  'items',
  'activity',
  'feedback',
  'billing',
  'admin',
  'developers',
];

// The props whose text reaches the screen or a screen reader, checked like the text between tags.
const USER_FACING_PROPS = [
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'pendingText',
  'failureFallback',
  'failure',
  'confirmLabel',
  'subtitle',
  'heading',
  'message',
  'text',
];

const tessera = { rules: { 'import-cycles': importCycles, 'server-boundaries': serverBoundaries } };

// Imports across web folders go through the `@/` alias, so the boundary patterns below see every one of them.
const climbing = { group: ['../*'], message: 'Import from another folder with @/… instead of ../' };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  // public/theme.js runs in the page before the app (index.html).
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [climbing] }],
    },
  },
  // Every word a page shows comes from the catalogues (web/src/locales, docs/decisions/025): no text in JSX, nor in
  // the props that reach the screen or a screen reader.
  {
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx', 'web/src/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: USER_FACING_PROPS },
          // A name (Tessera) or a symbol is the same in every language.
          words: { exclude: ['[0-9!-/:-@[-`{-~·•–—…]+', 'Tessera', 'Google', 'Stripe', 'GitHub'] },
          // i18next's own defaults, and planLimitText, whose `what` is a param, not words (components/plan-limit-notice.tsx).
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'planLimitText',
            ],
          },
        },
      ],
    },
  },
  // Features never import each other or the app layer; shared code never imports features or the app.
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climbing,
            {
              group: ['@/app/*', '@/features/*', `!@/features/${feature}`],
              message: 'A feature imports only itself and shared code; pages in app/routes compose features.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            climbing,
            { group: ['@/app/*', '@/features/*'], message: 'Shared code never imports features or the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    plugins: { tessera },
    rules: { 'tessera/server-boundaries': 'error' },
  },
  // No import cycle anywhere, type-only ones included (docs/decisions/028).
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { tessera },
    rules: { 'tessera/import-cycles': 'error' },
  },
  prettier,
);
