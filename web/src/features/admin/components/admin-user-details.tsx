import type { AdminUserDetail } from '@app/contract';
import { Ban, Eye, RotateCcw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { RoleBadge } from '@/components/role-badge';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useImpersonateUser } from '@/features/admin/api/impersonate-user';
import { useSetSuspension } from '@/features/admin/api/set-suspension';
import { UserStatusBadges } from '@/features/admin/components/user-status-badges';
import { getErrorText } from '@/lib/api-error';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * One account's page for operators (docs/contract.md section 4, Operators): its details and teams, suspending it, and
 * viewing the app as it.
 */
export function AdminUserDetails({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <div className="grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <Card>
        <CardHeader className="max-sm:px-4">
          <CardTitle asChild>
            <h2>{t('user.accountTitle')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="max-sm:px-4">
          <dl className="grid gap-3 text-sm">
            <Detail label={t('user.email')}>
              <span className="break-all">{user.email}</span>
            </Detail>
            <Detail label={t('user.status')}>
              <span className="flex flex-wrap gap-1.5">
                <UserStatusBadges isVerified={user.is_verified} isSuspended={user.is_suspended} />
                {user.is_super_admin && <Badge variant="default">{t('userStatus.superAdmin')}</Badge>}
              </span>
            </Detail>
            <Detail label={t('user.joined')}>{format.date(user.created_at)}</Detail>
            <Detail label={t('user.id')}>
              <span className="font-mono text-xs break-all">{user.uuid}</span>
            </Detail>
          </dl>
        </CardContent>
      </Card>
      <OperatorActions user={user} />
      <Card className="lg:col-span-2">
        <CardHeader className="max-sm:px-4">
          <CardTitle asChild>
            <h2>{t('user.teamsTitle')}</h2>
          </CardTitle>
          <CardDescription>{t('user.teamsText')}</CardDescription>
        </CardHeader>
        <CardContent className="max-sm:px-4">
          <TeamsTable teams={user.teams} />
        </CardContent>
      </Card>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function TeamsTable({ teams }: { teams: AdminUserDetail['teams'] }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  if (teams.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('user.noTeams')}</p>;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('user.team')}</TableHead>
          <TableHead>{t('user.role')}</TableHead>
          <TableHead>{t('user.joined')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {teams.map((team) => (
          <TableRow key={team.uuid}>
            <TableCell className="[overflow-wrap:anywhere] sm:min-w-40">
              <Link
                to={paths.admin.tenant.getHref(team.uuid)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {team.name}
              </Link>
            </TableCell>
            <TableCell label={t('user.role')}>
              <span>
                <RoleBadge role={team.role} />
              </span>
            </TableCell>
            <TableCell label={t('user.joined')} className="whitespace-nowrap">
              {format.date(team.joined_at)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Suspend or unsuspend (asked first), and "View as" where the account may be viewed. */
function OperatorActions({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const suspension = useSetSuspension(user.uuid);
  const impersonate = useImpersonateUser(user.uuid);
  const [isConfirming, setConfirming] = useState(false);
  const viewAsNoteId = useId();

  const confirm = () => {
    impersonate.reset();
    suspension.mutate(!user.is_suspended);
  };
  const viewAs = () => {
    suspension.reset();
    impersonate.mutate();
  };

  const failure = suspension.isError
    ? getErrorText(
        suspension.error,
        suspension.variables ? t('user.suspendFailed') : t('user.unsuspendFailed'),
      )
    : impersonate.isError
      ? getErrorText(impersonate.error, t('user.viewAsFailed'))
      : null;
  // docs/contract.md section 4: a super admin cannot be viewed as; a suspended account cannot sign in at all.
  const viewAsRefusal = user.is_super_admin
    ? t('user.superAdminRefusal')
    : user.is_suspended
      ? t('user.suspendedRefusal')
      : null;
  const isChanging = suspension.isPending;

  return (
    <Card>
      <CardHeader className="max-sm:px-4">
        <CardTitle asChild>
          <h2>{t('user.actionsTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('user.actionsText')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 max-sm:px-4">
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {user.is_suspended ? t('user.suspendedNote') : t('user.suspendNote')}
          </p>
          <SubmitButton
            type="button"
            variant="outline"
            className={user.is_suspended ? 'w-fit' : 'w-fit text-destructive'}
            isPending={isChanging}
            pendingText={user.is_suspended ? t('user.unsuspending') : t('user.suspending')}
            onClick={() => setConfirming(true)}
          >
            {user.is_suspended ? <RotateCcw aria-hidden="true" /> : <Ban aria-hidden="true" />}
            {user.is_suspended ? t('user.unsuspend') : t('user.suspend')}
          </SubmitButton>
        </div>
        <div className="grid gap-3 border-t border-border pt-5">
          <p id={viewAsNoteId} className="text-sm text-muted-foreground">
            {viewAsRefusal ?? t('user.viewAsNote')}
          </p>
          <SubmitButton
            type="button"
            className="w-fit"
            disabled={viewAsRefusal !== null || impersonate.isPending}
            aria-describedby={viewAsNoteId}
            isPending={impersonate.isPending}
            pendingText={t('user.opening')}
            onClick={viewAs}
          >
            <Eye aria-hidden="true" />
            {t('user.viewAs')}
          </SubmitButton>
        </div>
      </CardContent>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        onConfirm={confirm}
        title={user.is_suspended ? t('user.unsuspendTitle') : t('user.suspendTitle')}
        description={
          user.is_suspended
            ? t('user.unsuspendText', { email: user.email })
            : t('user.suspendText', { email: user.email })
        }
        confirmLabel={user.is_suspended ? t('user.unsuspend') : t('user.suspend')}
      />
    </Card>
  );
}
