import type { OperatorAuditEntry } from '@app/contract';

import { ListTable } from '@/components/list-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useOperatorAudit } from '@/features/admin/api/get-operator-audit';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/** What each recorded operator action reads as. */
const ACTION_KEYS = {
  'user.suspended': 'audit.actions.suspended',
  'user.unsuspended': 'audit.actions.unsuspended',
  'impersonation.started': 'audit.actions.impersonationStarted',
  'impersonation.stopped': 'audit.actions.impersonationStopped',
} as const satisfies Record<OperatorAuditEntry['action'], string>;

/** The operators' audit list on /admin (docs/contract.md section 4): who did what to which account, newest first. */
export function OperatorAuditTable() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const audit = useOperatorAudit();

  return (
    <Card>
      <CardHeader className="max-sm:px-4">
        <CardTitle asChild>
          <h2>{t('audit.title')}</h2>
        </CardTitle>
        <CardDescription>{t('audit.description')}</CardDescription>
      </CardHeader>
      <CardContent
        className="grid gap-4 max-sm:px-4"
        aria-busy={audit.isFetching && !audit.isFetchingNextPage}
      >
        <ListTable
          query={{ ...audit, isPlaceholderData: false }}
          failureFallback={t('fetchFailed')}
          loadingClassName="py-6"
          empty={<p className="py-6 text-center text-sm text-muted-foreground">{t('audit.empty')}</p>}
          head={
            <>
              <TableHead>{t('audit.when')}</TableHead>
              <TableHead>{t('audit.operator')}</TableHead>
              <TableHead>{t('audit.action')}</TableHead>
              <TableHead>{t('audit.account')}</TableHead>
            </>
          }
          row={(entry) => (
            <TableRow key={entry.uuid}>
              <TableCell className="font-medium whitespace-nowrap sm:font-normal">
                {format.dateTime(entry.created_at)}
              </TableCell>
              <TableCell
                label={t('audit.operator')}
                className="[overflow-wrap:anywhere] sm:whitespace-nowrap"
              >
                {entry.operator_email}
              </TableCell>
              <TableCell label={t('audit.action')} className="sm:whitespace-nowrap">
                {Object.hasOwn(ACTION_KEYS, entry.action) ? t(ACTION_KEYS[entry.action]) : entry.action}
              </TableCell>
              <TableCell label={t('audit.account')} className="[overflow-wrap:anywhere] sm:whitespace-nowrap">
                {entry.target_email}
              </TableCell>
            </TableRow>
          )}
        />
      </CardContent>
    </Card>
  );
}
