import type { AddDomainBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getDomainsQueryOptions } from './get-domains';

/** POST /domains: answers the TXT record the team publishes to prove the domain is theirs. */
export const addDomain = ({ tenantUuid, body }: { tenantUuid: string; body: AddDomainBody }) =>
  apiFetch('addDomain', { body, tenantUuid });

export function useAddDomain(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddDomainBody) => addDomain({ tenantUuid, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getDomainsQueryOptions(tenantUuid).queryKey }),
  });
}
