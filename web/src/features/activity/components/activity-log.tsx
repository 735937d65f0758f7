import { ACTIVITY_ACTIONS, type ActivityAction } from '@app/contract';
import { Download, History } from 'lucide-react';
import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useDownloadActivityExport } from '@/features/activity/api/export-activity';
import { useActivity } from '@/features/activity/api/get-activity';
import { ACTION_KEYS, actionLabel } from '@/features/activity/components/action-labels';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/** The team's log (docs/contract.md section 4): who did what to what and when, filtered by action, and its CSV. */
export function ActivityLog({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('activity');
  const format = useFormat();
  const [action, setAction] = useState<ActivityAction | undefined>();
  const activity = useActivity(tenantUuid, action);
  const download = useDownloadActivityExport(tenantUuid);
  const filterId = useId();

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-2 sm:w-64">
          <Label htmlFor={filterId}>{t('log.action')}</Label>
          <NativeSelect
            id={filterId}
            value={action ?? ''}
            onChange={(event) => setAction((event.target.value || undefined) as ActivityAction | undefined)}
          >
            <option value="">{t('log.allActions')}</option>
            {ACTIVITY_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(ACTION_KEYS[value])}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate(action)}>
          {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
          {t('log.export')}
        </Button>
      </div>
      {download.isError && <ErrorAlert error={download.error} fallback={t('log.exportFailed')} />}
      <ListTable
        query={activity}
        failureFallback={t('log.fetchFailed')}
        canRetry
        loadingClassName="py-10"
        aria-label={t('log.tableLabel')}
        empty={
          <div className="grid justify-items-center gap-2 py-10 text-center">
            <History className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{t('log.empty')}</p>
            <p className="text-sm text-muted-foreground">
              {action ? t('log.emptyFiltered') : t('log.emptyHint')}
            </p>
          </div>
        }
        head={
          <>
            <TableHead>{t('log.who')}</TableHead>
            <TableHead>{t('log.what')}</TableHead>
            <TableHead>{t('log.target')}</TableHead>
            <TableHead>{t('log.when')}</TableHead>
          </>
        }
        row={(entry) => (
          <TableRow key={entry.uuid}>
            <TableCell className="font-medium [overflow-wrap:anywhere] sm:min-w-40 sm:font-normal">
              {entry.actor_email ?? <em className="text-muted-foreground">{t('log.deletedAccount')}</em>}
            </TableCell>
            <TableCell label={t('log.what')} className="sm:whitespace-nowrap">
              {actionLabel(entry.action, t)}
            </TableCell>
            <TableCell
              label={t('log.target')}
              className="[overflow-wrap:anywhere] text-muted-foreground sm:min-w-40"
            >
              {entry.target}
            </TableCell>
            <TableCell label={t('log.when')} className="whitespace-nowrap text-muted-foreground">
              <time dateTime={entry.created_at}>{format.dateTime(entry.created_at)}</time>
            </TableCell>
          </TableRow>
        )}
      />
    </div>
  );
}
