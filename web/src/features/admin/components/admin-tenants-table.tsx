import { useState } from 'react';
import { Link } from 'react-router';

import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useAdminTenants } from '@/features/admin/api/get-admin-tenants';
import { AdminListCard } from '@/features/admin/components/admin-list-card';
import {
  isPaidStatus,
  planLabel,
  subscriptionStatusLabel,
} from '@/features/admin/components/display-formats';
import { SEARCH_DEBOUNCE_MS } from '@/features/admin/components/search-box';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/** Every team, for super admins (docs/spec.md section 2, Admin), searchable by name, a page at a time. */
export function AdminTenantsTable() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const tenants = useAdminTenants(q);

  return (
    <AdminListCard
      title={t('tenants.title')}
      description={t('tenants.description')}
      search={{
        label: t('tenants.searchLabel'),
        placeholder: t('tenants.searchPlaceholder'),
        value: search,
        onChange: setSearch,
      }}
      isBusy={tenants.isFetching && !tenants.isFetchingNextPage}
    >
      <ListTable
        query={tenants}
        failureFallback={t('fetchFailed')}
        loadingClassName="py-6"
        empty={<p className="py-6 text-center text-sm text-muted-foreground">{t('tenants.empty')}</p>}
        head={
          <>
            <TableHead>{t('tenants.name')}</TableHead>
            <TableHead>{t('tenants.created')}</TableHead>
            <TableHead className="text-right">{t('tenants.users')}</TableHead>
            <TableHead>{t('tenants.plan')}</TableHead>
            <TableHead>{t('tenants.status')}</TableHead>
            <TableHead>{t('tenants.stripeCustomer')}</TableHead>
          </>
        }
        row={(tenant) => (
          <TableRow key={tenant.uuid}>
            <TableCell className="[overflow-wrap:anywhere] sm:min-w-40">
              <Link
                to={paths.admin.tenant.getHref(tenant.uuid)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {tenant.name}
              </Link>
            </TableCell>
            <TableCell label={t('tenants.created')} className="whitespace-nowrap">
              {format.date(tenant.created_at)}
            </TableCell>
            <TableCell label={t('tenants.users')} className="text-right tabular-nums">
              {tenant.user_count}
            </TableCell>
            <TableCell label={t('tenants.plan')}>
              {tenant.subscription_plan ? planLabel(tenant.subscription_plan, t) : '—'}
            </TableCell>
            <TableCell label={t('tenants.status')}>
              <span>
                <Badge variant={isPaidStatus(tenant.subscription_status) ? 'default' : 'secondary'}>
                  {subscriptionStatusLabel(tenant.subscription_status, t)}
                </Badge>
              </span>
            </TableCell>
            <TableCell label={t('tenants.stripeCustomer')}>
              <span className="font-mono text-xs break-all sm:whitespace-nowrap">
                {tenant.stripe_customer_id ?? '—'}
              </span>
            </TableCell>
          </TableRow>
        )}
      />
    </AdminListCard>
  );
}
