import type { OperatorAuditEntry } from '@app/contract';

import { ListTable } from '@/components/list-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useOperatorAudit } from '@/features/admin/api/get-operator-audit';
import { formatDateTime } from '@/features/admin/components/display-formats';

/** What each recorded operator action reads as. */
const ACTION_LABELS: Record<OperatorAuditEntry['action'], string> = {
  'user.suspended': 'Suspended',
  'user.unsuspended': 'Unsuspended',
  'impersonation.started': 'Started viewing as',
  'impersonation.stopped': 'Stopped viewing as',
};

/** The operators' audit list on /admin (docs/contract.md section 4): who did what to which account, newest first. */
export function OperatorAuditTable() {
  const audit = useOperatorAudit();

  return (
    <Card>
      <CardHeader className="max-sm:px-4">
        <CardTitle asChild>
          <h2>Operator audit</h2>
        </CardTitle>
        <CardDescription>Every suspension and every view as another account, newest first.</CardDescription>
      </CardHeader>
      <CardContent
        className="grid gap-4 max-sm:px-4"
        aria-busy={audit.isFetching && !audit.isFetchingNextPage}
      >
        <ListTable
          query={{ ...audit, isPlaceholderData: false }}
          failureFallback="Failed to fetch data"
          loadingClassName="py-6"
          empty={<p className="py-6 text-center text-sm text-muted-foreground">No operator actions yet</p>}
          head={
            <>
              <TableHead>When</TableHead>
              <TableHead>Operator</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Account</TableHead>
            </>
          }
          row={(entry) => (
            <TableRow key={entry.uuid}>
              <TableCell className="whitespace-nowrap">{formatDateTime(entry.created_at)}</TableCell>
              <TableCell className="whitespace-nowrap">{entry.operator_email}</TableCell>
              <TableCell className="whitespace-nowrap">
                {ACTION_LABELS[entry.action] ?? entry.action}
              </TableCell>
              <TableCell className="whitespace-nowrap">{entry.target_email}</TableCell>
            </TableRow>
          )}
        />
      </CardContent>
    </Card>
  );
}
