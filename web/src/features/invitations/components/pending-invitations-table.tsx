import type { PendingInvitation } from '@app/contract';
import { LoaderCircle, MailPlus } from 'lucide-react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListTable } from '@/components/list-table';
import { RoleBadge } from '@/components/role-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { usePendingInvitations } from '@/features/invitations/api/get-pending-invitations';
import { useResendInvitation } from '@/features/invitations/api/resend-invitation';
import { useRevokeInvitation } from '@/features/invitations/api/revoke-invitation';
import { getErrorText } from '@/lib/api-error';
import { cn } from '@/lib/cn';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const relativeTime = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** 'Expires on {date}'; within the last day the hours left, which a date alone would hide. */
function expiryText(expiresAt: string, now: number): { text: string; isSoon: boolean } {
  const left = Date.parse(expiresAt) - now;
  if (left <= 0) return { text: 'Expired', isSoon: true };
  if (left < DAY_MS) {
    return { text: `Expires ${relativeTime.format(Math.ceil(left / HOUR_MS), 'hour')}`, isSoon: true };
  }
  return { text: `Expires on ${mediumDate.format(new Date(expiresAt))}`, isSoon: false };
}

/**
 * The team's pending invitations on /team, for admins and the owner (docs/contract.md section 4): who was invited, as
 * what, by whom and until when, with Resend and Revoke (after a confirmation).
 */
export function PendingInvitationsTable({ tenantUuid }: { tenantUuid: string }) {
  const invitations = usePendingInvitations(tenantUuid);
  const resend = useResendInvitation(tenantUuid);
  const revoke = useRevokeInvitation(tenantUuid);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);

  // The time the list was read: what it says about expiry is as of then, and moves on with each new read.
  const readAt = invitations.dataUpdatedAt;

  // One outcome at a time: the latest action's.
  const startResend = (invitation: PendingInvitation) => {
    if (resend.isPending) return;
    revoke.reset();
    resend.mutate(invitation);
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    resend.reset();
    revoke.mutate(revoking);
  };

  const failure = resend.isError
    ? getErrorText(resend.error, 'Failed to resend invitation')
    : revoke.isError
      ? getErrorText(revoke.error, 'Failed to revoke invitation')
      : null;
  const success = resend.isSuccess
    ? `Invitation resent to ${resend.variables.email}`
    : revoke.isSuccess
      ? `Invitation for ${revoke.variables.email} revoked`
      : null;

  return (
    <div className="grid gap-4">
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      {success && (
        <Alert>
          <AlertDescription>{success}</AlertDescription>
        </Alert>
      )}
      <ListTable
        query={invitations}
        failureFallback="Failed to load invitations"
        canRetry
        loadingClassName="py-6"
        empty={
          <div className="grid justify-items-center gap-2 py-4 text-center">
            <MailPlus className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">No pending invitations.</p>
          </div>
        }
        aria-label="Pending invitations"
        head={
          <>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </>
        }
        row={(invitation) => {
          const expiry = expiryText(invitation.expires_at, readAt);
          const isResending = resend.isPending && resend.variables.uuid === invitation.uuid;
          const isRevoking = revoke.isPending && revoke.variables.uuid === invitation.uuid;
          return (
            <TableRow key={invitation.uuid}>
              {/* Who invited sits under the address, so the row fits beside a wide sidebar. */}
              <TableCell className="whitespace-nowrap">
                <p className="font-medium">{invitation.email}</p>
                <p className="text-xs text-muted-foreground">
                  {invitation.invited_by_email
                    ? `Invited by ${invitation.invited_by_email}`
                    : 'Invited by a deleted account'}
                </p>
              </TableCell>
              <TableCell>
                <RoleBadge role={invitation.role} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <time
                  dateTime={invitation.expires_at}
                  title={dateTime.format(new Date(invitation.expires_at))}
                  className={cn(expiry.isSoon ? 'font-medium text-destructive' : 'text-muted-foreground')}
                >
                  {expiry.text}
                </time>
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  {/* aria-disabled rather than disabled: the button keeps the keyboard focus while it works. */}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${isResending ? 'Resending' : 'Resend'} invitation to ${invitation.email}`}
                    aria-disabled={isResending || undefined}
                    onClick={() => startResend(invitation)}
                  >
                    {isResending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                    {isResending ? 'Resending…' : 'Resend'}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    aria-label={`${isRevoking ? 'Revoking' : 'Revoke'} invitation for ${invitation.email}`}
                    aria-disabled={isRevoking || undefined}
                    onClick={() => !isRevoking && setRevoking(invitation)}
                  >
                    {isRevoking && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                    {isRevoking ? 'Revoking…' : 'Revoke'}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          );
        }}
      />
      {revoking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRevoking(null)}
          onConfirm={confirmRevoke}
          title="Revoke invitation"
          description={`Revoke the invitation for ${revoking.email}? The link they were sent stops working.`}
          confirmLabel="Revoke"
        />
      )}
    </div>
  );
}
