import { PublicConfigSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the web app needs to know before anyone signs in: whether Google sign-in exists, and the top bar's links. */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { google, docsUrl, codebaseUrl } = app.config;
  const body = { google_client_id: google.clientId ?? null, docs_url: docsUrl, codebase_url: codebaseUrl };
  app.get('/config', { schema: { tags: ['Config'], response: { 200: PublicConfigSchema } } }, () => body);
};
