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
import { formatDate } from '@/features/admin/components/display-formats';
import { UserStatusBadges } from '@/features/admin/components/user-status-badges';
import { getErrorText } from '@/lib/api-error';

/**
 * One account's page for operators (docs/contract.md section 4, Operators): its details and teams, suspending it, and
 * viewing the app as it.
 */
export function AdminUserDetails({ user }: { user: AdminUserDetail }) {
  return (
    <div className="grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <Card>
        <CardHeader className="max-sm:px-4">
          <CardTitle asChild>
            <h2>Account</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="max-sm:px-4">
          <dl className="grid gap-3 text-sm">
            <Detail label="Email">
              <span className="break-all">{user.email}</span>
            </Detail>
            <Detail label="Status">
              <span className="flex flex-wrap gap-1.5">
                <UserStatusBadges isVerified={user.is_verified} isSuspended={user.is_suspended} />
                {user.is_super_admin && <Badge variant="default">Super admin</Badge>}
              </span>
            </Detail>
            <Detail label="Joined">{formatDate(user.created_at)}</Detail>
            <Detail label="User ID">
              <span className="font-mono text-xs break-all">{user.uuid}</span>
            </Detail>
          </dl>
        </CardContent>
      </Card>
      <OperatorActions user={user} />
      <Card className="lg:col-span-2">
        <CardHeader className="max-sm:px-4">
          <CardTitle asChild>
            <h2>Teams</h2>
          </CardTitle>
          <CardDescription>The teams this account belongs to.</CardDescription>
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
  if (teams.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">Not a member of any team</p>;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Team</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Joined</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {teams.map((team) => (
          <TableRow key={team.uuid}>
            <TableCell className="min-w-40">
              <Link
                to={paths.admin.tenant.getHref(team.uuid)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {team.name}
              </Link>
            </TableCell>
            <TableCell>
              <RoleBadge role={team.role} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(team.joined_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Suspend or unsuspend (asked first), and "View as" where the account may be viewed. */
function OperatorActions({ user }: { user: AdminUserDetail }) {
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
        suspension.variables ? 'Failed to suspend the account' : 'Failed to unsuspend the account',
      )
    : impersonate.isError
      ? getErrorText(impersonate.error, 'Failed to view as this account')
      : null;
  // docs/contract.md section 4: a super admin cannot be viewed as; a suspended account cannot sign in at all.
  const viewAsRefusal = user.is_super_admin
    ? 'A super admin’s account cannot be viewed as.'
    : user.is_suspended
      ? 'A suspended account cannot be viewed as. Unsuspend it first.'
      : null;
  const isChanging = suspension.isPending;

  return (
    <Card>
      <CardHeader className="max-sm:px-4">
        <CardTitle asChild>
          <h2>Operator actions</h2>
        </CardTitle>
        <CardDescription>Each one is recorded in the operator audit.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 max-sm:px-4">
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {user.is_suspended
              ? 'This account is suspended: its sessions ended and it cannot sign in.'
              : 'Suspending ends every session of this account and stops it signing in.'}
          </p>
          <SubmitButton
            type="button"
            variant="outline"
            className={user.is_suspended ? 'w-fit' : 'w-fit text-destructive'}
            isPending={isChanging}
            pendingText={user.is_suspended ? 'Unsuspending…' : 'Suspending…'}
            onClick={() => setConfirming(true)}
          >
            {user.is_suspended ? <RotateCcw aria-hidden="true" /> : <Ban aria-hidden="true" />}
            {user.is_suspended ? 'Unsuspend' : 'Suspend'}
          </SubmitButton>
        </div>
        <div className="grid gap-3 border-t border-border pt-5">
          <p id={viewAsNoteId} className="text-sm text-muted-foreground">
            {viewAsRefusal ??
              'Opens the app as this account for up to 30 minutes, with a banner to stop. It cannot reach the admin area.'}
          </p>
          <SubmitButton
            type="button"
            className="w-fit"
            disabled={viewAsRefusal !== null || impersonate.isPending}
            aria-describedby={viewAsNoteId}
            isPending={impersonate.isPending}
            pendingText="Opening…"
            onClick={viewAs}
          >
            <Eye aria-hidden="true" />
            View as
          </SubmitButton>
        </div>
      </CardContent>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        onConfirm={confirm}
        title={user.is_suspended ? 'Unsuspend account' : 'Suspend account'}
        description={
          user.is_suspended
            ? `Let ${user.email} sign in again?`
            : `Suspend ${user.email}? Their sessions end now and they cannot sign in until unsuspended.`
        }
        confirmLabel={user.is_suspended ? 'Unsuspend' : 'Suspend'}
      />
    </Card>
  );
}
