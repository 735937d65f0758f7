import { useState } from 'react';
import { Link } from 'react-router';

import { ListTable } from '@/components/list-table';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useAdminUsers } from '@/features/admin/api/get-admin-users';
import { AdminListCard } from '@/features/admin/components/admin-list-card';
import { formatCount, formatDate } from '@/features/admin/components/display-formats';
import { SEARCH_DEBOUNCE_MS } from '@/features/admin/components/search-box';
import { UserStatusBadges } from '@/features/admin/components/user-status-badges';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** Every account, for operators (docs/contract.md section 4), searchable by email, a page at a time. */
export function AdminUsersTable() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(q);

  return (
    <AdminListCard
      title="Accounts"
      description="Every account on Tessera, newest first. Open one to suspend it or view the app as it."
      search={{
        label: 'Search users',
        placeholder: 'Search by email',
        value: search,
        onChange: setSearch,
      }}
      isBusy={users.isFetching && !users.isFetchingNextPage}
    >
      <ListTable
        query={users}
        failureFallback="Failed to fetch data"
        loadingClassName="py-6"
        empty={
          <p className="py-6 text-center text-sm text-muted-foreground">
            {q ? 'No users match your search' : 'No users yet'}
          </p>
        }
        head={
          <>
            <TableHead>Email</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Teams</TableHead>
            <TableHead>Joined</TableHead>
          </>
        }
        row={(user) => (
          <TableRow key={user.uuid}>
            <TableCell className="min-w-48">
              <Link
                to={paths.admin.user.getHref(user.uuid)}
                className="font-medium break-all text-primary underline-offset-4 hover:underline"
              >
                {user.email}
              </Link>
            </TableCell>
            <TableCell>
              <UserStatusBadges isVerified={user.is_verified} isSuspended={user.is_suspended} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(user.team_count)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(user.created_at)}</TableCell>
          </TableRow>
        )}
      />
    </AdminListCard>
  );
}
