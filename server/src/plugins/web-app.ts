// Unknown API paths answer 404 {detail, code}; every other GET is a client-side route and gets the web app's
// index.html.
import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { errorBody } from '../lib/app-error.ts';
import { sendRefusal } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the current hashed bundles, so it must be revalidated on every load.
const REVALIDATE = 'no-cache';

export const webAppPlugin = fp<{ webDir: string | null }>(
  async (app: FastifyInstance, { webDir }) => {
    const hasWebApp = webDir !== null && existsSync(path.join(webDir, 'index.html'));
    if (!hasWebApp) app.log.warn({ webDir }, 'web app not built: only the API is served (run npm run build)');

    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        // The build writes a .br and a .gz beside each compressible file (web/precompress.ts): sent by the
        // request's Accept-Encoding with Content-Encoding and Vary, the plain file to a client that accepts neither.
        // Those copies are not routes of their own.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders: (reply, filePath) => {
          const isHashedAsset = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
          reply.header('cache-control', isHashedAsset ? IMMUTABLE : REVALIDATE);
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isPageRequest =
        hasWebApp &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(request.url) &&
        // A bundle missing after a deploy must fail as a 404, not load the page as JavaScript.
        !request.url.startsWith('/assets/');
      if (isPageRequest) {
        return reply.header('cache-control', REVALIDATE).sendFile('index.html');
      }
      const { method } = request;
      const path = request.url.split('?')[0]!;
      return sendRefusal(
        request,
        reply,
        404,
        errorBody('unknown_path', `Not found: ${method} ${path}`, { method, path }),
      );
    });
  },
  { name: 'web-app' },
);

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
