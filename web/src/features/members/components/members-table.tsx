import { canManageTeam, type Member, type Role } from '@app/contract';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListTable } from '@/components/list-table';
import { RoleBadge } from '@/components/role-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useChangeMemberRole } from '@/features/members/api/change-member-role';
import { useMembers } from '@/features/members/api/get-members';
import { useRemoveMember } from '@/features/members/api/remove-member';
import { useTransferOwnership } from '@/features/members/api/transfer-ownership';
import { getErrorText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';
import type { TFunction } from '@/lib/i18n/translation';

type MembersTableProps = {
  tenantUuid: string;
  /** The signed-in user's role in this team: admins and the owner get the actions column. */
  viewerRole: Role;
  viewerEmail: string | null;
};

type PendingAction = { kind: 'role' | 'remove' | 'transfer'; member: Member };

/** The member table of /team (docs/spec.md sections 2 and 6). */
export function MembersTable({ tenantUuid, viewerRole, viewerEmail }: MembersTableProps) {
  const { t } = useTranslation('members');
  const format = useFormat();
  const members = useMembers(tenantUuid);
  const changeRole = useChangeMemberRole(tenantUuid);
  const remove = useRemoveMember(tenantUuid);
  const transfer = useTransferOwnership(tenantUuid);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const canManage = canManageTeam(viewerRole);
  const isOwnRow = (member: Member) => member.email.toLowerCase() === viewerEmail?.toLowerCase();

  const confirm = () => {
    if (!pending) return;
    const { kind, member } = pending;
    const reset = () => [changeRole, remove, transfer].forEach((mutation) => mutation.reset());
    reset();
    if (kind === 'role') {
      changeRole.mutate({
        user_uuid: member.user_uuid,
        new_role: member.role === 'admin' ? 'member' : 'admin',
      });
    } else if (kind === 'remove') {
      remove.mutate({ user_uuid: member.user_uuid });
    } else {
      transfer.mutate({ user_uuid: member.user_uuid });
    }
  };

  const failure = changeRole.isError
    ? getErrorText(changeRole.error, t('table.changeRoleFailed'))
    : remove.isError
      ? getErrorText(remove.error, t('table.removeFailed'))
      : transfer.isError
        ? getErrorText(transfer.error, t('table.transferFailed'))
        : null;

  return (
    <div className="grid gap-4">
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      {transfer.isSuccess && (
        <Alert>
          {/* The server's answer is always this one message; the catalogue holds it in every language. */}
          <AlertDescription>{t('table.transferred')}</AlertDescription>
        </Alert>
      )}
      <ListTable
        query={members}
        failureFallback={t('table.fetchFailed')}
        loadingClassName="py-6"
        empty={<p className="py-4 text-center text-sm text-muted-foreground">{t('table.empty')}</p>}
        aria-label={t('table.label')}
        head={
          <>
            <TableHead>{t('table.email')}</TableHead>
            <TableHead>{t('table.role')}</TableHead>
            <TableHead>{t('table.joined')}</TableHead>
            {canManage && <TableHead className="text-right">{t('table.actions')}</TableHead>}
          </>
        }
        row={(member) => {
          const isOwn = isOwnRow(member);
          // Nobody changes the owner or themselves (docs/spec.md section 6, docs/contract.md section 3).
          const hasActions = canManage && !isOwn && member.role !== 'owner';
          return (
            <TableRow key={member.user_uuid}>
              <TableCell>
                <span className="flex flex-wrap items-center gap-2">
                  <span
                    className={cn(
                      'min-w-0 [overflow-wrap:anywhere] sm:whitespace-nowrap',
                      // Muted by colour, not opacity, so the address keeps AA contrast.
                      !member.active && 'text-muted-foreground',
                    )}
                  >
                    {member.email}
                  </span>
                  {isOwn && <Badge variant="outline">{t('table.you')}</Badge>}
                  {member.managed_by_directory && (
                    <Badge variant="outline">
                      {t('table.directory')}
                      <span className="sr-only">, {t('table.directoryDescription')}</span>
                    </Badge>
                  )}
                  {!member.active && <Badge variant="secondary">{t('table.deactivated')}</Badge>}
                </span>
              </TableCell>
              <TableCell label={t('table.role')}>
                <span>
                  <RoleBadge role={member.role} />
                </span>
              </TableCell>
              <TableCell label={t('table.joined')} className="sm:whitespace-nowrap">
                {format.date(member.joined_at)}
              </TableCell>
              {canManage && (
                // A row without actions shows no empty line on a phone.
                <TableCell className={cn(!hasActions && 'max-sm:hidden')}>
                  {hasActions && (
                    <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setPending({ kind: 'role', member })}
                      >
                        {member.role === 'admin' ? t('table.makeMember') : t('table.makeAdmin')}
                      </Button>
                      {/* The team is never handed to someone its directory has shut out. */}
                      {viewerRole === 'owner' && member.active && (
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setPending({ kind: 'transfer', member })}
                        >
                          {t('table.transfer')}
                        </Button>
                      )}
                      <Button
                        variant="outline"
                        size="sm"
                        className="text-destructive"
                        onClick={() => setPending({ kind: 'remove', member })}
                      >
                        {t('table.remove')}
                      </Button>
                    </div>
                  )}
                </TableCell>
              )}
            </TableRow>
          );
        }}
      />
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          onConfirm={confirm}
          {...confirmation(t, pending)}
        />
      )}
    </div>
  );
}

function confirmation(t: TFunction<'members'>, { kind, member }: PendingAction) {
  const { email } = member;
  if (kind === 'role') {
    return member.role === 'admin'
      ? {
          title: t('table.makeMember'),
          description: t('table.makeMemberText', { email }),
          confirmLabel: t('table.makeMember'),
        }
      : {
          title: t('table.makeAdmin'),
          description: t('table.makeAdminText', { email }),
          confirmLabel: t('table.makeAdmin'),
        };
  }
  if (kind === 'remove') {
    return {
      title: t('table.removeTitle'),
      // The directory owns a managed membership: removed here only, the next sync may add it back.
      description: member.managed_by_directory ? (
        <>
          <p>{t('table.removeText', { email })}</p>
          <p>{t('table.removeManagedText')}</p>
        </>
      ) : (
        t('table.removeText', { email })
      ),
      confirmLabel: t('table.remove'),
    };
  }
  return {
    title: t('table.transfer'),
    description: t('table.transferText', { email }),
    confirmLabel: t('table.transfer'),
  };
}
