import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Every browser the baseline target covers supports modulepreload, so the polyfill is dead weight. The manifest
  // maps each route module to its chunks, for the bundle-size budget (scripts/check-bundle-size.mjs).
  build: { modulePreload: { polyfill: false }, manifest: true },
  server: { port: 5173, strictPort: true, proxy: { '/api': api, '/dev': api } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
