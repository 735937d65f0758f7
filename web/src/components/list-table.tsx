import type { ReactNode } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n/translation';

/** What the frame reads of a list's infinite query (docs/contract.md section 3: a page at a time). */
type ListQuery<T> = {
  isPending: boolean;
  data: { pages: { items: T[] }[] } | undefined;
  error: unknown;
  refetch: () => unknown;
  /** The rows shown are the previous search's while the new one loads. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

type ListTableProps<T> = {
  query: ListQuery<T>;
  /** What a failed page says (docs/spec.md section 8), unless the server sent its own detail. */
  failureFallback: string;
  /** A failed first page offers 'Try again' beside its text. */
  canRetry?: boolean;
  /** The spinner's room while the first page loads, e.g. `py-6`. */
  loadingClassName: string;
  /** Shown instead of the table when the list has no rows. */
  empty: ReactNode;
  /** The table's accessible name, where the page's heading does not give it one. */
  'aria-label'?: string;
  /** The header cells (TableHead). */
  head: ReactNode;
  /** One row (a keyed TableRow). */
  row: (item: T) => ReactNode;
};

/**
 * A paginated list as a table (phone-first: its rows stack as cards on a narrow screen, components/ui/table.tsx): a spinner while the first page loads, its failure, the empty state, or the rows
 * with 'Load more' under them while a next page exists.
 */
export function ListTable<T>({
  query,
  failureFallback,
  canRetry = false,
  loadingClassName,
  empty,
  'aria-label': ariaLabel,
  head,
  row,
}: ListTableProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className={cn('flex justify-center', loadingClassName)}>
        <Spinner className="size-6 text-primary" />
      </div>
    );
  }
  // The first page failed. A later one failing keeps the pages shown, and says so beside 'Load more'.
  if (!query.data) {
    return (
      <Alert variant="destructive">
        {canRetry ? (
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {getErrorText(query.error, failureFallback)}
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t('list.tryAgain')}
            </Button>
          </AlertDescription>
        ) : (
          <AlertDescription>{getErrorText(query.error, failureFallback)}</AlertDescription>
        )}
      </Alert>
    );
  }
  const rows = query.data.pages.flatMap((page) => page.items);

  return (
    <>
      {rows.length === 0 ? (
        empty
      ) : (
        <Table
          aria-label={ariaLabel}
          className={query.isPlaceholderData ? '[&_td]:text-muted-foreground' : undefined}
        >
          <TableHeader>
            <TableRow>{head}</TableRow>
          </TableHeader>
          <TableBody>{rows.map(row)}</TableBody>
        </Table>
      )}
      <LoadMore query={query} failureFallback={failureFallback} />
    </>
  );
}

/** The 'Load more' control under a paginated list (docs/contract.md section 3): shown while a next page exists. */
function LoadMore({ query, failureFallback }: Pick<ListTableProps<unknown>, 'query' | 'failureFallback'>) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <div className="grid justify-items-center gap-3">
      {query.isFetchNextPageError && <ErrorAlert error={query.error} fallback={failureFallback} />}
      <SubmitButton
        type="button"
        variant="outline"
        className="w-auto"
        isPending={query.isFetchingNextPage}
        pendingText={t('list.loading')}
        onClick={() => void query.fetchNextPage()}
      >
        {t('list.loadMore')}
      </SubmitButton>
    </div>
  );
}
