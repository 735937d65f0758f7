import { useState } from 'react';
import { Link } from 'react-router';

import { ListTable } from '@/components/list-table';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useAdminUsers } from '@/features/admin/api/get-admin-users';
import { AdminListCard } from '@/features/admin/components/admin-list-card';
import { SEARCH_DEBOUNCE_MS } from '@/features/admin/components/search-box';
import { UserStatusBadges } from '@/features/admin/components/user-status-badges';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/** Every account, for operators (docs/contract.md section 4), searchable by email, a page at a time. */
export function AdminUsersTable() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(q);

  return (
    <AdminListCard
      title={t('users.title')}
      description={t('users.description')}
      search={{
        label: t('users.searchLabel'),
        placeholder: t('users.searchPlaceholder'),
        value: search,
        onChange: setSearch,
      }}
      isBusy={users.isFetching && !users.isFetchingNextPage}
    >
      <ListTable
        query={users}
        failureFallback={t('fetchFailed')}
        loadingClassName="py-6"
        empty={
          <p className="py-6 text-center text-sm text-muted-foreground">
            {q ? t('users.noMatch') : t('users.empty')}
          </p>
        }
        head={
          <>
            <TableHead>{t('users.email')}</TableHead>
            <TableHead>{t('users.status')}</TableHead>
            <TableHead className="text-right">{t('users.teams')}</TableHead>
            <TableHead>{t('users.joined')}</TableHead>
          </>
        }
        row={(user) => (
          <TableRow key={user.uuid}>
            <TableCell className="sm:min-w-48">
              <Link
                to={paths.admin.user.getHref(user.uuid)}
                className="font-medium break-all text-primary underline-offset-4 hover:underline"
              >
                {user.email}
              </Link>
            </TableCell>
            <TableCell label={t('users.status')}>
              <UserStatusBadges isVerified={user.is_verified} isSuspended={user.is_suspended} />
            </TableCell>
            <TableCell label={t('users.teams')} className="text-right tabular-nums">
              {format.count(user.team_count)}
            </TableCell>
            <TableCell label={t('users.joined')} className="whitespace-nowrap">
              {format.date(user.created_at)}
            </TableCell>
          </TableRow>
        )}
      />
    </AdminListCard>
  );
}
