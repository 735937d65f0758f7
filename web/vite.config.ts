import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { compileCatalogues } from './compile-catalogues.ts';
import { precompress } from './precompress.ts';

const api = 'http://127.0.0.1:3000';

/**
 * Chunks by what a page needs (docs/decisions/010), so the sign-in page is interactive after 4 scripts rather than
 * 18 small ones. Each route stays its own lazy chunk; a group takes a module before lower-priority ones, and a
 * module's own imports come with it unless a higher group took them first.
 */
const chunkGroups = [
  // The entry's static graph (React, the router, the session, the query client): one file every page runs first.
  { name: 'index', tags: ['$initial' as const], priority: 4 },
  // What every form and query needs, the sign-in form included: react-hook-form, TanStack Query and the form UI.
  {
    name: 'forms',
    priority: 3,
    test: /node_modules[\\/](react-hook-form|@tanstack[\\/][^\\/]+|@radix-ui[\\/]react-(primitive|label))[\\/]|[\\/]web[\\/]src[\\/](components[\\/](ui[\\/](form|label|input|card|alert)\.tsx|submit-button\.tsx|text-link\.tsx|layouts[\\/])|lib[\\/](lazy-zod-resolver|public-config)\.ts)/,
  },
  // zod with the contract's schemas: fetched once the signed-out pages are idle (docs/decisions/007), and with
  // the first signed-in page.
  {
    name: 'schemas',
    priority: 2,
    test: /node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]|[\\/]contract[\\/]src[\\/]/,
  },
  // Each language's catalogues, one file each (web/src/lib/i18n): the English ones the sign-in page does not need,
  // fetched with the first signed-in page, and the German ones, fetched only for a German page.
  { name: 'locale-en', priority: 1, test: /[\\/]web[\\/]src[\\/]locales[\\/]en[\\/]/ },
  { name: 'locale-de', priority: 1, test: /[\\/]web[\\/]src[\\/]locales[\\/]de[\\/]/ },
  // The signed-out pages' own forms and requests, shared by sign-in, sign-up, the password reset pages and single
  // sign-on (its start, its exchange).
  {
    name: 'sign-in',
    priority: 1,
    test: /[\\/]web[\\/]src[\\/]features[\\/]auth[\\/](components[\\/](email-field|google-sign-in|sso-sign-in|login-form|register-form|forgot-password-form|reset-password-form)|api[\\/](login|register|google-login|sso|use-sign-in|request-password-reset|confirm-password-reset)|utils[\\/])/,
  },
];

export default defineConfig({
  // precompress writes .br and .gz copies of the build for the server to send (web/precompress.ts).
  // compileCatalogues: the catalogues as Lingui's compiled messages (compile-catalogues.ts).
  plugins: [react(), tailwindcss(), compileCatalogues(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Every browser the baseline target covers supports modulepreload, so the polyfill is dead weight.
  build: {
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: { port: 5173, strictPort: true, proxy: { '/api': api, '/dev': api } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The deadlines are set there, scaled to how busy the machine is (docs/decisions/018).
    setupFiles: ['./src/testing/setup.ts'],
  },
});
