// One lint configuration for every workspace; web feature boundaries follow bulletproof-react's (docs/architecture.md).
import path from 'node:path';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
];

/**
 * Server modules and the tables each owns (server/src/db/schema/<table>.ts). A module writes only its own tables and
 * reaches another module through that module's services; `reads` are the other modules' tables it joins in a
 * statement of its own (a read, never a write). See docs/architecture.md.
 */
const SERVER_MODULES = {
  // The tenant access check reads the caller's membership in the statement that checks their session.
  auth: {
    owns: ['users', 'refresh-tokens', 'one-time-tokens', 'recovery-codes'],
    reads: ['memberships'],
  },
  // WebAuthn credentials and their ceremonies' challenges; a passkey sign-in opens its session through auth.
  passkeys: { owns: ['passkeys'] },
  // Deleting an account and exporting its data: composes the services of the modules that hold that data.
  account: { owns: [] },
  tenants: { owns: ['tenants'], reads: ['memberships'] },
  members: { owns: ['memberships'], reads: ['users'] },
  invitations: { owns: ['invitations'], reads: ['memberships', 'tenants', 'users'] },
  items: { owns: ['items'] },
  feedback: { owns: ['feedback'] },
  billing: { owns: ['billing'], reads: ['tenants'] },
  mail: { owns: ['outbox'] },
  // The log's page names each actor by their account's email, read in the page's statement.
  activity: { owns: ['activity-log'], reads: ['users'] },
  'super-admin': {
    // What operators did to accounts, and sign-ups per day (kept by triggers on users); suspending and viewing as an
    // account go through auth.
    owns: ['operator-audit', 'signups-by-day'],
    // The operators' views read across every team.
    reads: ['tenants', 'memberships', 'users', 'billing', 'feedback'],
  },
  health: { owns: [] },
  'public-config': { owns: [] },
};

const SERVER_SRC = path.join(import.meta.dirname, 'server/src');
const MODULES_DIR = path.join(SERVER_SRC, 'modules');
const SCHEMA_DIR = path.join(SERVER_SRC, 'db/schema');

/**
 * Server module boundaries, by resolving each relative import (no resolver package: docs/decisions/005). In
 * modules/ and plugins/: another module only through its services (`*.service.ts`; app.ts mounts routes and plugins),
 * and a table of db/schema/ only if SERVER_MODULES lets the module own or read it; tests may set up any table.
 */
const serverBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossModule:
        "'{{spec}}' is inside the {{other}} module: reach it through one of its services (*.service.ts).",
      table:
        "The {{module}} module may not use the table file '{{spec}}' (SERVER_MODULES in eslint.config.js).",
      reExport:
        'A service exports functions of its own, not what it imports (a repository would leak through it).',
      dynamic: 'Import a fixed path, so that the module boundaries can be checked.',
      unknown: 'modules/{{module}} is not in SERVER_MODULES (eslint.config.js): say which tables it owns.',
    },
  },
  create(context) {
    const file = context.filename;
    const inModule = path.relative(MODULES_DIR, file);
    const module = inModule.startsWith('..') ? null : inModule.split(path.sep)[0];
    const rules = module === null ? { owns: [] } : SERVER_MODULES[module];
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const inTarget = path.relative(MODULES_DIR, target);
      if (!inTarget.startsWith('..')) {
        const other = inTarget.split(path.sep)[0];
        if (other !== module && !path.basename(target).endsWith('.service.ts')) {
          context.report({ node, messageId: 'crossModule', data: { spec, other } });
        }
      }
      // A table file, or the schema folder itself (its index holds every table).
      const table =
        target === SCHEMA_DIR ? 'index' : path.dirname(target) === SCHEMA_DIR && path.basename(target, '.ts');
      if (table && !file.endsWith('.test.ts') && ![...rules.owns, ...(rules.reads ?? [])].includes(table)) {
        context.report({ node, messageId: 'table', data: { spec, module: module ?? 'plugins' } });
      }
    };
    const reExport = (node) => {
      check(node);
      if (node.source && file.endsWith('.service.ts')) context.report({ node, messageId: 'reExport' });
    };
    return {
      Program(node) {
        if (!rules) context.report({ node, messageId: 'unknown', data: { module } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: reExport,
      ExportAllDeclaration: reExport,
      ImportExpression(node) {
        if (node.source.type !== 'Literal') context.report({ node, messageId: 'dynamic' });
        else check(node);
      },
    };
  },
};

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
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [climbing] }],
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
    files: ['server/src/{modules,plugins}/**/*.ts'],
    plugins: { tessera: { rules: { 'server-boundaries': serverBoundaries } } },
    rules: { 'tessera/server-boundaries': 'error' },
  },
  prettier,
);
