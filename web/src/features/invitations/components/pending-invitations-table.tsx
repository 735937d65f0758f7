import type { PendingInvitation } from '@app/contract';
import { LoaderCircle, MailPlus } from 'lucide-react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadMore } from '@/components/load-more';
import { RoleBadge } from '@/components/role-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePendingInvitations } from '@/features/invitations/api/get-pending-invitations';
import { useResendInvitation } from '@/features/invitations/api/resend-invitation';
import { useRevokeInvitation } from '@/features/invitations/api/revoke-invitation';
import { getErrorText } from '@/lib/api-error';
import { cn } from '@/lib/cn';

const loadFailure = (error: unknown) => getErrorText(error, 'Failed to load invitations');

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
 * The team's pending invitations on /team, for admins and the owner (CONTRACT section 4): who was invited, as
 * what, by whom and until when, with Resend and Revoke (after a confirmation).
 */
export function PendingInvitationsTable({ tenantUuid }: { tenantUuid: string }) {
  const invitations = usePendingInvitations(tenantUuid);
  const resend = useResendInvitation(tenantUuid);
  const revoke = useRevokeInvitation(tenantUuid);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);

  if (invitations.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner className="size-6 text-primary" />
      </div>
    );
  }
  // The first page failed. A later one failing keeps the pages shown, and says so beside 'Load more'.
  if (!invitations.data) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center gap-3">
          {loadFailure(invitations.error)}
          <Button variant="outline" size="sm" onClick={() => void invitations.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  const rows = invitations.data.pages.flatMap((page) => page.items);
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
      {rows.length === 0 ? (
        <div className="grid justify-items-center gap-2 py-4 text-center">
          <MailPlus className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">No pending invitations.</p>
        </div>
      ) : (
        <Table aria-label="Pending invitations">
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Expires</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((invitation) => {
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
            })}
          </TableBody>
        </Table>
      )}
      <LoadMore query={invitations} failureText={loadFailure} />
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
