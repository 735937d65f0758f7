import type { UpcomingInvoice } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

/**
 * GET /payments/invoices/upcoming: the team's next invoice as it stands (docs/contract.md section 4, Per-seat
 * billing), or null when none will come: a 404, for a team without a subscription or one that ends with its period.
 */
export async function getUpcomingInvoice(
  tenantUuid: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UpcomingInvoice | null> {
  try {
    return await apiFetch('getUpcomingInvoice', { signal, tenantUuid });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const getUpcomingInvoiceQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'upcoming-invoice'),
    queryFn: ({ signal }) => getUpcomingInvoice(tenantUuid, { signal }),
    // It changes whenever a member joins or leaves, by anyone's hand: read it again each time it is shown.
    staleTime: 0,
  });

/** Read only while `enabled`: a team whose subscription is not live has no next invoice to ask for. */
export const useUpcomingInvoice = (tenantUuid: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...getUpcomingInvoiceQueryOptions(tenantUuid), enabled });
