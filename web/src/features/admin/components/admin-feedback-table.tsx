import { useState } from 'react';

import { LoadMore } from '@/components/load-more';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminFeedback } from '@/features/admin/api/get-admin-feedback';
import { formatDateTime } from '@/features/admin/components/display-formats';
import { SEARCH_DEBOUNCE_MS, SearchBox } from '@/features/admin/components/search-box';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { getErrorText } from '@/lib/api-error';

const fetchFailure = (error: unknown) => getErrorText(error, 'Failed to fetch data');

/** All feedback, newest first, for super admins (SPEC section 2, Admin), searchable, a page at a time. */
export function AdminFeedbackTable() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const feedback = useAdminFeedback(q);
  const rows = feedback.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3 max-sm:px-4">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>Feedback</h2>
          </CardTitle>
          <CardDescription>What users sent with the Feedback button, newest first.</CardDescription>
        </div>
        <SearchBox
          label="Search feedback"
          placeholder="Search by email or team"
          value={search}
          onChange={setSearch}
        />
      </CardHeader>
      <CardContent
        className="grid gap-4 max-sm:px-4"
        aria-busy={feedback.isFetching && !feedback.isFetchingNextPage}
      >
        {feedback.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6 text-primary" />
          </div>
        ) : !feedback.data ? (
          <Alert variant="destructive">
            <AlertDescription>{fetchFailure(feedback.error)}</AlertDescription>
          </Alert>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {q ? 'No feedback found' : 'No feedback submitted yet'}
          </p>
        ) : (
          <Table className={feedback.isPlaceholderData ? '[&_td]:text-muted-foreground' : undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead>Team</TableHead>
                <TableHead>Route</TableHead>
                <TableHead>Message</TableHead>
                <TableHead>Date</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((entry) => (
                <TableRow key={entry.uuid}>
                  <TableCell className="whitespace-nowrap">{entry.user_email ?? '—'}</TableCell>
                  <TableCell className="whitespace-nowrap">{entry.tenant_name ?? '—'}</TableCell>
                  <TableCell className="font-mono text-xs whitespace-nowrap">{entry.route}</TableCell>
                  <TableCell className="max-w-md min-w-64 break-words whitespace-pre-line">
                    {entry.message}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(entry.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {feedback.data && <LoadMore query={feedback} failureText={fetchFailure} />}
      </CardContent>
    </Card>
  );
}
