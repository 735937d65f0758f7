// Security headers on every response, with a CSP the built web app satisfies (docs/decisions/002-content-security-policy.md).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What Google Identity Services loads, per Google's CSP guidance; allowed only when Google sign-in is on. */
const GOOGLE_SIGN_IN = {
  scriptSrc: ['https://accounts.google.com/gsi/client'],
  frameSrc: ['https://accounts.google.com/gsi/'],
  connectSrc: ['https://accounts.google.com/gsi/'],
  styleSrc: ['https://accounts.google.com/gsi/style'],
};

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const google = app.config.google.clientId ? GOOGLE_SIGN_IN : undefined;
    await app.register(helmet, {
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
  },
  { name: 'security-headers' },
);
