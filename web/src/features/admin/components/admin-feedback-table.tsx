import { useState } from 'react';

import { ListTable } from '@/components/list-table';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useAdminFeedback } from '@/features/admin/api/get-admin-feedback';
import { AdminListCard } from '@/features/admin/components/admin-list-card';
import { formatDateTime } from '@/features/admin/components/display-formats';
import { SEARCH_DEBOUNCE_MS } from '@/features/admin/components/search-box';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** All feedback, newest first, for super admins (docs/spec.md section 2, Admin), searchable, a page at a time. */
export function AdminFeedbackTable() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const feedback = useAdminFeedback(q);

  return (
    <AdminListCard
      title="Feedback"
      description="What users sent with the Feedback button, newest first."
      search={{
        label: 'Search feedback',
        placeholder: 'Search by email or team',
        value: search,
        onChange: setSearch,
      }}
      isBusy={feedback.isFetching && !feedback.isFetchingNextPage}
    >
      <ListTable
        query={feedback}
        failureFallback="Failed to fetch data"
        loadingClassName="py-6"
        empty={
          <p className="py-6 text-center text-sm text-muted-foreground">
            {q ? 'No feedback found' : 'No feedback submitted yet'}
          </p>
        }
        head={
          <>
            <TableHead>User</TableHead>
            <TableHead>Team</TableHead>
            <TableHead>Route</TableHead>
            <TableHead>Message</TableHead>
            <TableHead>Date</TableHead>
          </>
        }
        row={(entry) => (
          <TableRow key={entry.uuid}>
            <TableCell className="whitespace-nowrap">{entry.user_email ?? '—'}</TableCell>
            <TableCell className="whitespace-nowrap">{entry.tenant_name ?? '—'}</TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">{entry.route}</TableCell>
            <TableCell className="max-w-md min-w-64 break-words whitespace-pre-line">
              {entry.message}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(entry.created_at)}</TableCell>
          </TableRow>
        )}
      />
    </AdminListCard>
  );
}
