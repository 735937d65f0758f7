import type { UseQueryResult } from '@tanstack/react-query';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Where a query's content will be until it is: a spinner while it loads, its failure with 'Try again' when it failed
 * (the server's detail, else `failure`).
 */
export function QueryPending({ query, failure }: { query: UseQueryResult; failure: string }) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
          {getErrorText(query.error, failure)}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('query.tryAgain')}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="flex justify-center py-6">
      <Spinner className="size-6 text-primary" />
    </div>
  );
}
