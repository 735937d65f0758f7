// Compresses API responses of 1 KB or more for clients that accept br or gzip (docs/decisions/010). The web app's
// files are compressed at build instead (web/precompress.ts, served by web-app.ts): compressing them again per
// request would only cost time, or make the few files that compression cannot shrink larger.
import { constants } from 'node:zlib';

import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // The API only: the web app's files come compressed from the build. Added before the plugin's own onRoute
    // hook, which reads the route's `compress`.
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) route.compress = false;
    });
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Quality 3: as small as gzip's default level and as fast. 4 and 5 take 1.5 to 2 times the CPU to save 2-6%
      // (tens to a few hundred bytes, under a packet) on a process whose CPU is its limit (docs/decisions/010).
      brotliOptions: {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 3,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      },
      // JSON (any +json type) and what mime-db calls compressible (HTML, JS, CSS, SVG); not the library's default,
      // which also compresses octet-stream. PDFs (invoices) stream as they are: mime-db marks them incompressible.
      customTypes: /(?:\+|\/)json(?:;|$)/,
      // Request bodies stay as sent: the Stripe webhook verifies its raw bytes, and no client compresses its bodies.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');
