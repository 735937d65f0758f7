import { canManageTeam, ROLE_LABELS, type Member, type Role } from '@app/contract';
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

type MembersTableProps = {
  tenantUuid: string;
  /** The signed-in user's role in this team: admins and the owner get the actions column. */
  viewerRole: Role;
  viewerEmail: string | null;
};

type PendingAction = { kind: 'role' | 'remove' | 'transfer'; member: Member };

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The member table of /team (docs/spec.md sections 2 and 6). */
export function MembersTable({ tenantUuid, viewerRole, viewerEmail }: MembersTableProps) {
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
    ? getErrorText(changeRole.error, 'Failed to change member role')
    : remove.isError
      ? getErrorText(remove.error, 'Failed to remove member')
      : transfer.isError
        ? getErrorText(transfer.error, 'Failed to transfer ownership')
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
          <AlertDescription>{transfer.data.message}</AlertDescription>
        </Alert>
      )}
      <ListTable
        query={members}
        failureFallback="Failed to load members"
        loadingClassName="py-6"
        empty={<p className="py-4 text-center text-sm text-muted-foreground">No members found.</p>}
        aria-label="Members"
        head={
          <>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Joined</TableHead>
            {canManage && <TableHead className="text-right">Actions</TableHead>}
          </>
        }
        row={(member) => {
          const isOwn = isOwnRow(member);
          // Nobody changes the owner or themselves (docs/spec.md section 6, docs/contract.md section 3).
          const hasActions = canManage && !isOwn && member.role !== 'owner';
          return (
            <TableRow key={member.user_uuid}>
              <TableCell>
                <span className="flex items-center gap-2">
                  <span className="whitespace-nowrap">{member.email}</span>
                  {isOwn && <Badge variant="outline">You</Badge>}
                </span>
              </TableCell>
              <TableCell>
                <RoleBadge role={member.role} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {dateFormat.format(new Date(member.joined_at))}
              </TableCell>
              {canManage && (
                <TableCell>
                  {hasActions && (
                    <div className="flex justify-end gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setPending({ kind: 'role', member })}
                      >
                        {member.role === 'admin' ? 'Make Member' : 'Make Admin'}
                      </Button>
                      {viewerRole === 'owner' && (
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setPending({ kind: 'transfer', member })}
                        >
                          Transfer ownership
                        </Button>
                      )}
                      <Button
                        variant="outline"
                        size="sm"
                        className="text-destructive"
                        onClick={() => setPending({ kind: 'remove', member })}
                      >
                        Remove
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
          {...confirmation(pending)}
        />
      )}
    </div>
  );
}

function confirmation({ kind, member }: PendingAction) {
  if (kind === 'role') {
    const role = member.role === 'admin' ? 'member' : 'admin';
    return {
      title: role === 'admin' ? 'Make Admin' : 'Make Member',
      description: `Change ${member.email}'s role to ${ROLE_LABELS[role]}?`,
      confirmLabel: role === 'admin' ? 'Make Admin' : 'Make Member',
    };
  }
  if (kind === 'remove') {
    return {
      title: 'Remove member',
      description: `Remove ${member.email} from the team? They lose access to its items and subscription.`,
      confirmLabel: 'Remove',
    };
  }
  return {
    title: 'Transfer ownership',
    description: `Make ${member.email} the owner of this team? You will become an administrator.`,
    confirmLabel: 'Transfer ownership',
  };
}
