// Security headers on every response, with a CSP the built web app satisfies (docs/decisions/002-content-security-policy.md).
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** What Google Identity Services loads, per Google's CSP guidance; allowed only when Google sign-in is on. */
const GOOGLE_SIGN_IN = {
  scriptSrc: ['https://accounts.google.com/gsi/client'],
  frameSrc: ['https://accounts.google.com/gsi/'],
  connectSrc: ['https://accounts.google.com/gsi/'],
  styleSrc: ['https://accounts.google.com/gsi/style'],
};

/**
 * The headers helmet writes for these options, computed once: they depend on the configuration, never on the
 * request (no nonces, no directive functions), and helmet's Fastify plugin would rebuild them on every request.
 */
function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const google = app.config.google.clientId ? GOOGLE_SIGN_IN : undefined;
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(google?.scriptSrc ?? [])],
          // Radix's scroll lock injects <style> elements; inline styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'", ...(google?.styleSrc ?? [])],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...(google?.connectSrc ?? [])],
          frameSrc: ["'self'", ...(google?.frameSrc ?? [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
