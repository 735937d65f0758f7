import { useState } from 'react';
import { Link } from 'react-router';

import { LoadMore } from '@/components/load-more';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useAdminTenants } from '@/features/admin/api/get-admin-tenants';
import {
  formatDate,
  isPaidStatus,
  planLabel,
  subscriptionStatusLabel,
} from '@/features/admin/components/display-formats';
import { SEARCH_DEBOUNCE_MS, SearchBox } from '@/features/admin/components/search-box';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getErrorText } from '@/lib/api-error';

const fetchFailure = (error: unknown) => getErrorText(error, 'Failed to fetch data');

/** Every team, for super admins (SPEC section 2, Admin), searchable by name, a page at a time. */
export function AdminTenantsTable() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const tenants = useAdminTenants(q);
  const rows = tenants.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3 max-sm:px-4">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Teams</h2>
          </CardTitle>
          <CardDescription>Every team on Tessera, newest first.</CardDescription>
        </div>
        <SearchBox
          label="Search teams"
          placeholder="Search by team or email"
          value={search}
          onChange={setSearch}
        />
      </CardHeader>
      <CardContent
        className="grid gap-4 max-sm:px-4"
        aria-busy={tenants.isFetching && !tenants.isFetchingNextPage}
      >
        {tenants.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6 text-primary" />
          </div>
        ) : !tenants.data ? (
          <Alert variant="destructive">
            <AlertDescription>{fetchFailure(tenants.error)}</AlertDescription>
          </Alert>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No teams found</p>
        ) : (
          <Table className={tenants.isPlaceholderData ? '[&_td]:text-muted-foreground' : undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Created</TableHead>
                <TableHead className="text-right">Users</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Stripe customer</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((tenant) => (
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
                  <TableCell>
                    {tenant.subscription_plan ? planLabel(tenant.subscription_plan) : '—'}
                  </TableCell>
                  <TableCell>
                    <Badge variant={isPaidStatus(tenant.subscription_status) ? 'default' : 'secondary'}>
                      {subscriptionStatusLabel(tenant.subscription_status)}
                    </Badge>
                  </TableCell>
                  <TableCell className="font-mono text-xs whitespace-nowrap">
                    {tenant.stripe_customer_id ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {tenants.data && <LoadMore query={tenants} failureText={fetchFailure} />}
      </CardContent>
    </Card>
  );
}
