import {
  AssignableRoleSchema,
  EmailSchema,
  TeamDescriptionSchema,
  TeamNameSchema,
  type CreateTenantBody,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '@/lib/api-client';
import { getTenantsQueryOptions } from '@/lib/session/get-tenants';
import { selectTenant } from '@/lib/session/selected-tenant';

export const createTenant = (body: CreateTenantBody) => apiFetch('createTenant', { body });

/**
 * docs/spec.md section 4: after a team is created the list is reloaded and the new team selected (the tenant state
 * falls back to the first team if the reloaded list lacks it). It settles once the list is reloaded.
 */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: async (tenant) => {
      const { queryKey } = getTenantsQueryOptions();
      // Listed at once, so that no screen reading the list before the reload picks another team instead.
      queryClient.setQueryData(queryKey, (tenants) => (tenants ? [...tenants, tenant] : tenants));
      selectTenant(tenant.uuid);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

/**
 * The create-team form (docs/spec.md section 5): the contract's name and description rules, and invite rows whose
 * blank emails are skipped while a filled one must be an address.
 */
export const createTeamInputSchema = z.object({
  name: TeamNameSchema,
  description: TeamDescriptionSchema,
  invites: z.array(z.object({ email: z.string(), role: AssignableRoleSchema })).superRefine((rows, ctx) =>
    rows.forEach(({ email }, index) => {
      const parsed = EmailSchema.safeParse(email);
      if (email.trim() && !parsed.success) {
        ctx.addIssue({ code: 'custom', path: [index, 'email'], message: parsed.error.issues[0]!.message });
      }
    }),
  ),
});
