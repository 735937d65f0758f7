/**
 * The tenant state of docs/spec.md section 4, derived rather than stored: the list is server state (TanStack Query),
 * the choice is storage 'selectedTenantUuid', and the current team follows from both.
 */
import type { Tenant } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';

import { getTenantQueryOptions, useTenant } from './get-tenant';
import { useTenants } from './get-tenants';
import { selectTenant, useSelectedTenantUuid } from './selected-tenant';

type CurrentTenant = {
  /** The user's teams; undefined until loaded. */
  tenants: Tenant[] | undefined;
  /** The team the user works in; null while loading, when there is none, or when the list failed. */
  tenant: Tenant | null;
  /**
   * The team whose data to load: the current one, or while the list loads the stored choice, so that its details
   * and subscription are fetched beside the list in one round instead of after it.
   */
  tenantUuid: string | null;
  isLoading: boolean;
  /** GET /tenants failed; `error` says why. */
  isError: boolean;
  error: unknown;
  /** The list is loaded and empty: the onboarding modal opens (docs/spec.md section 4). */
  needsOnboarding: boolean;
  reload: () => void;
};

export function useCurrentTenant(): CurrentTenant {
  const list = useTenants();
  const stored = useSelectedTenantUuid();
  const tenants = list.data;
  // The saved team while the user is still in it, otherwise the first one.
  const listed = tenants ? (tenants.find(({ uuid }) => uuid === stored) ?? tenants[0] ?? null) : null;
  const tenantUuid = listed?.uuid ?? (list.isPending ? stored : null);
  const details = useTenant(tenantUuid ?? undefined);

  // Storage names the team shown, not only a team once chosen: a reload opens that team again even if the list
  // has changed since, and a choice that fell out of the list is forgotten.
  useEffect(() => {
    if (tenants) selectTenant(listed?.uuid ?? null);
  }, [tenants, listed]);

  // GET /tenant refreshes the list entry; while it loads, or when it fails, the list entry stands in.
  const tenant = listed && details.data?.uuid === listed.uuid ? details.data : listed;
  const { refetch } = list;
  const reload = useCallback(() => void refetch(), [refetch]);

  return {
    tenants,
    tenant,
    tenantUuid,
    isLoading: list.isPending,
    isError: list.isError,
    error: list.error,
    needsOnboarding: tenants?.length === 0,
    reload,
  };
}

/** Switches team: stores the choice and refreshes that team's details (docs/spec.md section 4). */
export function useSwitchTenant() {
  const queryClient = useQueryClient();
  return useCallback(
    (tenantUuid: string) => {
      selectTenant(tenantUuid);
      void queryClient.invalidateQueries({ queryKey: getTenantQueryOptions(tenantUuid).queryKey });
    },
    [queryClient],
  );
}
