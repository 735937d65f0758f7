import { useState } from 'react';

import { ListTable } from '@/components/list-table';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useAdminFeedback } from '@/features/admin/api/get-admin-feedback';
import { AdminListCard } from '@/features/admin/components/admin-list-card';
import { SEARCH_DEBOUNCE_MS } from '@/features/admin/components/search-box';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/** All feedback, newest first, for super admins (docs/spec.md section 2, Admin), searchable, a page at a time. */
export function AdminFeedbackTable() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const feedback = useAdminFeedback(q);

  return (
    <AdminListCard
      title={t('feedback.title')}
      description={t('feedback.description')}
      search={{
        label: t('feedback.searchLabel'),
        placeholder: t('feedback.searchPlaceholder'),
        value: search,
        onChange: setSearch,
      }}
      isBusy={feedback.isFetching && !feedback.isFetchingNextPage}
    >
      <ListTable
        query={feedback}
        failureFallback={t('fetchFailed')}
        loadingClassName="py-6"
        empty={
          <p className="py-6 text-center text-sm text-muted-foreground">
            {q ? t('feedback.noMatch') : t('feedback.empty')}
          </p>
        }
        head={
          <>
            <TableHead>{t('feedback.user')}</TableHead>
            <TableHead>{t('feedback.team')}</TableHead>
            <TableHead>{t('feedback.route')}</TableHead>
            <TableHead>{t('feedback.message')}</TableHead>
            <TableHead>{t('feedback.date')}</TableHead>
          </>
        }
        row={(entry) => (
          <TableRow key={entry.uuid}>
            <TableCell className="font-medium [overflow-wrap:anywhere] sm:font-normal sm:whitespace-nowrap">
              {entry.user_email ?? '—'}
            </TableCell>
            <TableCell label={t('feedback.team')} className="[overflow-wrap:anywhere] sm:whitespace-nowrap">
              {entry.tenant_name ?? '—'}
            </TableCell>
            <TableCell label={t('feedback.route')}>
              <span className="font-mono text-xs break-all sm:whitespace-nowrap">{entry.route}</span>
            </TableCell>
            <TableCell
              label={t('feedback.message')}
              className="whitespace-pre-line [overflow-wrap:anywhere] sm:max-w-md sm:min-w-64"
            >
              {entry.message}
            </TableCell>
            <TableCell label={t('feedback.date')} className="whitespace-nowrap">
              {format.dateTime(entry.created_at)}
            </TableCell>
          </TableRow>
        )}
      />
    </AdminListCard>
  );
}
