// Enterprise identity (docs/contract.md section 4): the domains a team proves it holds, through a DNS TXT record.
import { z } from 'zod';

import { DOMAIN_MAX_LENGTH } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';

/** A host name of two labels or more, each of letters, digits and inner hyphens; the last not all digits. */
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)$/;

export const AddDomainBodySchema = z.object({
  domain: z
    .string({ error: validationMessage('domain_required') })
    .trim()
    .toLowerCase()
    .min(1, validationMessage('domain_required'))
    // A trailing dot names the same domain (its fully qualified spelling).
    .transform((domain) => domain.replace(/\.$/, ''))
    .pipe(
      z
        .string()
        .max(DOMAIN_MAX_LENGTH, validationMessage('domain_invalid'))
        .regex(DOMAIN, validationMessage('domain_invalid')),
    ),
});
export type AddDomainBody = z.input<typeof AddDomainBodySchema>;

export const DomainSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  verified: z.boolean(),
  /** The TXT record to publish: its name, `_tessera-challenge.{domain}`, and exactly this value. */
  txt_name: z.string(),
  txt_value: z.string(),
});
export type Domain = z.infer<typeof DomainSchema>;

const IdParamsSchema = z.object({ id: z.string().max(100) });

export const enterpriseEndpointSchemas = {
  listDomains: { response: { 200: z.array(DomainSchema) } },
  addDomain: { body: AddDomainBodySchema, response: { 201: DomainSchema } },
  verifyDomain: { params: IdParamsSchema, response: { 200: DomainSchema } },
  removeDomain: { params: IdParamsSchema, response: { 204: z.null() } },
} as const satisfies EndpointSchemas;
