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
import { useFormat, type Formats } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';
import type { TFunction } from '@/lib/i18n/translation';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** 'Expires on {date}'; within the last day the hours left, which a date alone would hide. */
function expiryText(
  t: TFunction<'invitations'>,
  format: Formats,
  expiresAt: string,
  now: number,
): { text: string; isSoon: boolean } {
  const left = Date.parse(expiresAt) - now;
  if (left <= 0) return { text: t('table.expired'), isSoon: true };
  if (left < DAY_MS) {
    const relative = format.relative(Math.ceil(left / HOUR_MS), 'hour');
    return { text: t('table.expiresIn', { relative }), isSoon: true };
  }
  return { text: t('table.expiresOn', { date: format.date(expiresAt) }), isSoon: false };
}

/**
 * The team's pending invitations on /team, for admins and the owner (docs/contract.md section 4): who was invited, as
 * what, by whom and until when, with Resend and Revoke (after a confirmation).
 */
export function PendingInvitationsTable({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('invitations');
  const format = useFormat();
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
    ? getErrorText(resend.error, t('table.resendFailed'))
    : revoke.isError
      ? getErrorText(revoke.error, t('table.revokeFailed'))
      : null;
  const success = resend.isSuccess
    ? t('table.resent', { email: resend.variables.email })
    : revoke.isSuccess
      ? t('table.revoked', { email: revoke.variables.email })
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
        failureFallback={t('table.fetchFailed')}
        canRetry
        loadingClassName="py-6"
        empty={
          <div className="grid justify-items-center gap-2 py-4 text-center">
            <MailPlus className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">{t('table.empty')}</p>
          </div>
        }
        aria-label={t('table.label')}
        head={
          <>
            <TableHead>{t('table.email')}</TableHead>
            <TableHead>{t('table.role')}</TableHead>
            <TableHead>{t('table.expires')}</TableHead>
            <TableHead className="text-right">{t('table.actions')}</TableHead>
          </>
        }
        row={(invitation) => {
          const expiry = expiryText(t, format, invitation.expires_at, readAt);
          const isResending = resend.isPending && resend.variables.uuid === invitation.uuid;
          const isRevoking = revoke.isPending && revoke.variables.uuid === invitation.uuid;
          return (
            <TableRow key={invitation.uuid}>
              {/* Who invited sits under the address, so the row fits beside a wide sidebar. */}
              <TableCell className="[overflow-wrap:anywhere] sm:whitespace-nowrap">
                <p className="font-medium">{invitation.email}</p>
                <p className="text-xs text-muted-foreground">
                  {invitation.invited_by_email
                    ? t('table.invitedBy', { email: invitation.invited_by_email })
                    : t('table.invitedByDeleted')}
                </p>
              </TableCell>
              <TableCell label={t('table.role')}>
                <span>
                  <RoleBadge role={invitation.role} />
                </span>
              </TableCell>
              <TableCell label={t('table.expires')} className="sm:whitespace-nowrap">
                <time
                  dateTime={invitation.expires_at}
                  title={format.dateTime(invitation.expires_at)}
                  className={cn(expiry.isSoon ? 'font-medium text-destructive' : 'text-muted-foreground')}
                >
                  {expiry.text}
                </time>
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                  {/* aria-disabled rather than disabled: the button keeps the keyboard focus while it works. */}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t(isResending ? 'table.resendingLabel' : 'table.resendLabel', {
                      email: invitation.email,
                    })}
                    aria-disabled={isResending || undefined}
                    onClick={() => startResend(invitation)}
                  >
                    {isResending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                    {isResending ? t('table.resending') : t('table.resend')}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    aria-label={t(isRevoking ? 'table.revokingLabel' : 'table.revokeLabel', {
                      email: invitation.email,
                    })}
                    aria-disabled={isRevoking || undefined}
                    onClick={() => !isRevoking && setRevoking(invitation)}
                  >
                    {isRevoking && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                    {isRevoking ? t('table.revoking') : t('table.revoke')}
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
          title={t('table.confirmTitle')}
          description={t('table.confirmText', { email: revoking.email })}
          confirmLabel={t('table.revoke')}
        />
      )}
    </div>
  );
}
