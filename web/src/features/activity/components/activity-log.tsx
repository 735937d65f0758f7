import { ACTIVITY_ACTIONS, type ActivityAction } from '@app/contract';
import { Download, History } from 'lucide-react';
import { useId, useState } from 'react';

import { ListTable } from '@/components/list-table';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useDownloadActivityExport } from '@/features/activity/api/export-activity';
import { useActivity } from '@/features/activity/api/get-activity';
import { ACTION_LABELS, actionLabel } from '@/features/activity/components/action-labels';
import { getErrorText } from '@/lib/api-error';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The team's log (docs/contract.md section 4): who did what to what and when, filtered by action, and its CSV. */
export function ActivityLog({ tenantUuid }: { tenantUuid: string }) {
  const [action, setAction] = useState<ActivityAction | undefined>();
  const activity = useActivity(tenantUuid, action);
  const download = useDownloadActivityExport(tenantUuid);
  const filterId = useId();

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-2 sm:w-64">
          <Label htmlFor={filterId}>Action</Label>
          <NativeSelect
            id={filterId}
            value={action ?? ''}
            onChange={(event) => setAction((event.target.value || undefined) as ActivityAction | undefined)}
          >
            <option value="">All actions</option>
            {ACTIVITY_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {ACTION_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate(action)}>
          {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
          Export CSV
        </Button>
      </div>
      {download.isError && (
        <Alert variant="destructive">
          <AlertDescription>{getErrorText(download.error, 'Failed to export the activity')}</AlertDescription>
        </Alert>
      )}
      <ListTable
        query={activity}
        failureFallback="Failed to fetch the activity"
        canRetry
        loadingClassName="py-10"
        aria-label="Team activity"
        empty={
          <div className="grid justify-items-center gap-2 py-10 text-center">
            <History className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No activity yet</p>
            <p className="text-sm text-muted-foreground">
              {action
                ? 'Nothing of this kind has happened in the team.'
                : 'Changes to the team show up here.'}
            </p>
          </div>
        }
        head={
          <>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
            <TableHead>Target</TableHead>
            <TableHead>When</TableHead>
          </>
        }
        row={(entry) => (
          <TableRow key={entry.uuid}>
            <TableCell className="min-w-40 [overflow-wrap:anywhere]">
              {entry.actor_email ?? <em className="text-muted-foreground">Deleted account</em>}
            </TableCell>
            <TableCell className="whitespace-nowrap">{actionLabel(entry.action)}</TableCell>
            <TableCell className="min-w-40 [overflow-wrap:anywhere] text-muted-foreground">
              {entry.target}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <time dateTime={entry.created_at}>{timeFormat.format(new Date(entry.created_at))}</time>
            </TableCell>
          </TableRow>
        )}
      />
    </div>
  );
}
