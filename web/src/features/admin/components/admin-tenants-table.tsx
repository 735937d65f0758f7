import { useState } from 'react';
import { Link } from 'react-router';

import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useAdminTenants } from '@/features/admin/api/get-admin-tenants';
import { AdminListCard } from '@/features/admin/components/admin-list-card';
import {
  formatDate,
  isPaidStatus,
  planLabel,
  subscriptionStatusLabel,
} from '@/features/admin/components/display-formats';
import { SEARCH_DEBOUNCE_MS } from '@/features/admin/components/search-box';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** Every team, for super admins (docs/spec.md section 2, Admin), searchable by name, a page at a time. */
export function AdminTenantsTable() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const tenants = useAdminTenants(q);

  return (
    <AdminListCard
      title="Teams"
      description="Every team on Tessera, newest first."
      search={{
        label: 'Search teams',
        placeholder: 'Search by team or email',
        value: search,
        onChange: setSearch,
      }}
      isBusy={tenants.isFetching && !tenants.isFetchingNextPage}
    >
      <ListTable
        query={tenants}
        failureFallback="Failed to fetch data"
        loadingClassName="py-6"
        empty={<p className="py-6 text-center text-sm text-muted-foreground">No teams found</p>}
        head={
          <>
            <TableHead>Name</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">Users</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Stripe customer</TableHead>
          </>
        }
        row={(tenant) => (
          <TableRow key={tenant.uuid}>
            <TableCell className="min-w-40">
              <Link
                to={paths.admin.tenant.getHref(tenant.uuid)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {tenant.name}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(tenant.created_at)}</TableCell>
            <TableCell className="text-right tabular-nums">{tenant.user_count}</TableCell>
            <TableCell>{tenant.subscription_plan ? planLabel(tenant.subscription_plan) : '—'}</TableCell>
            <TableCell>
              <Badge variant={isPaidStatus(tenant.subscription_status) ? 'default' : 'secondary'}>
                {subscriptionStatusLabel(tenant.subscription_status)}
              </Badge>
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">
              {tenant.stripe_customer_id ?? '—'}
            </TableCell>
          </TableRow>
        )}
      />
    </AdminListCard>
  );
}
