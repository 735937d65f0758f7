// /api/scim/v2 (docs/contract.md section 4, Enterprise identity; RFC 7644): the team's directory, with its SCIM token
// (plugins/scim.ts, the `scim` policy). Bodies come as application/scim+json; every answer goes as it, refusals in
// SCIM's error body (plugins/errors.ts, sendRefusal: the same status and detail the rest of the API would answer).
import { ScimErrorSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ERROR_STATUSES } from '../../../lib/app-error.ts';
import { route } from '../../../plugins/route-scope.ts';
import { scimBaseUrl } from '../scim-token.service.ts';
import {
  serviceProviderConfig,
  userResourceType,
  userSchema,
  listResponse,
  USER_SCHEMA,
} from './scim-documents.ts';
import * as scim from './scim.service.ts';

const SCIM_JSON = 'application/scim+json';
/** A User, or a PATCH of a few operations, is a few kilobytes: more is refused before it is parsed. */
const SCIM_BODY_LIMIT = 64 * 1024;

export const scimRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = scimBaseUrl(app.config.appUrl);
  const deps: scim.ScimDeps = { db: app.database.db, auth: app.auth, baseUrl };

  // Directories send SCIM's media type; it is JSON.
  app.addContentTypeParser(SCIM_JSON, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    route.schema = {
      ...schema,
      tags: ['SCIM'],
      response: {
        ...Object.fromEntries(ERROR_STATUSES.map((status) => [status, ScimErrorSchema])),
        ...(schema.response as object | undefined),
      },
    };
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.type(SCIM_JSON);
    return payload;
  });

  route(app, 'scimServiceProviderConfig', () => serviceProviderConfig(baseUrl));
  route(app, 'scimResourceTypes', () => listResponse([userResourceType(baseUrl)], 1, 1));
  route(app, 'scimResourceType', (request) => {
    if (request.params.id !== 'User') throw scim.notFoundOf('ResourceType');
    return userResourceType(baseUrl);
  });
  route(app, 'scimSchemas', () => listResponse([userSchema(baseUrl)], 1, 1));
  route(app, 'scimSchema', (request) => {
    if (request.params.id !== USER_SCHEMA) throw scim.notFoundOf('Schema');
    return userSchema(baseUrl);
  });

  route(app, 'scimListUsers', (request) => scim.listUsers(deps, request.caller, request.query));
  route(app, 'scimGetUser', (request) => scim.getUser(deps, request.caller, request.params.id));
  route(
    app,
    'scimCreateUser',
    async (request, reply) => {
      const user = await scim.createUser(deps, request.caller, request.body);
      return reply.status(201).header('location', user.meta.location).send(user);
    },
    { bodyLimit: SCIM_BODY_LIMIT },
  );
  route(
    app,
    'scimReplaceUser',
    (request) => scim.replaceUser(deps, request.caller, request.params.id, request.body),
    { bodyLimit: SCIM_BODY_LIMIT },
  );
  route(
    app,
    'scimPatchUser',
    (request) => scim.patchUser(deps, request.caller, request.params.id, request.body),
    { bodyLimit: SCIM_BODY_LIMIT },
  );
  route(app, 'scimDeleteUser', async (request, reply) => {
    await scim.deleteUser(deps, request.caller, request.params.id);
    return reply.status(204).send(null);
  });
};
