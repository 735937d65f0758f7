// One lint configuration for every workspace; web feature boundaries follow bulletproof-react (STYLE.md §2.3.12).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    plugins: { 'check-file': checkFile, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
      // Features never import each other or the app layer; shared code never imports features or the app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['auth', 'tenants', 'members', 'invitations', 'items', 'feedback', 'billing', 'admin'].map(
              (feature) => ({
                target: `./web/src/features/${feature}`,
                from: './web/src/features',
                except: [`./${feature}`],
              }),
            ),
            { target: './web/src/features', from: './web/src/app' },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config'],
              from: ['./web/src/features', './web/src/app'],
            },
          ],
        },
      ],
    },
  },
  prettier,
);
