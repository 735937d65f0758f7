import { Alert, AlertDescription } from '@/components/ui/alert';
import { SubmitButton } from '@/components/submit-button';

type LoadMoreProps = {
  /** The infinite query of the list: its next page, and whether fetching it failed. */
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => unknown;
  };
  /** What a failed page says (SPEC section 8), unless the server sent its own detail. */
  failureText: (error: unknown) => string;
};

/** The 'Load more' control under a paginated list (CONTRACT section 3): shown while a next page exists. */
export function LoadMore({ query, failureText }: LoadMoreProps) {
  if (!query.hasNextPage) return null;
  return (
    <div className="grid justify-items-center gap-3">
      {query.isFetchNextPageError && (
        <Alert variant="destructive">
          <AlertDescription>{failureText(query.error)}</AlertDescription>
        </Alert>
      )}
      <SubmitButton
        type="button"
        variant="outline"
        className="w-auto"
        isPending={query.isFetchingNextPage}
        pendingText="Loading…"
        onClick={() => void query.fetchNextPage()}
      >
        Load more
      </SubmitButton>
    </div>
  );
}
