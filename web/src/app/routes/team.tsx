import { canManageTeam } from '@app/contract';

import { TenantPage } from '@/app/layouts/tenant-page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { InviteMembersDialog } from '@/features/members/components/invite-members-dialog';
import { MembersTable } from '@/features/members/components/members-table';
import { TeamSettingsForm } from '@/features/tenants/components/team-settings-form';
import { useSession } from '@/lib/session/use-session';

/** Team Settings (SPEC section 2): the team's name and description, its members and invitations. */
export default function TeamRoute() {
  const { email } = useSession();

  return (
    <TenantPage title="Team Settings">
      {(tenant) => (
        <div className="grid max-w-4xl gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Team details</h2>
              </CardTitle>
              <CardDescription>The name and description every member sees.</CardDescription>
            </CardHeader>
            <CardContent>
              <TeamSettingsForm key={tenant.uuid} tenant={tenant} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex flex-wrap items-center justify-between gap-3">
              <div className="grid gap-1.5">
                <CardTitle asChild>
                  <h2>Members</h2>
                </CardTitle>
                <CardDescription>Everyone with access to this team.</CardDescription>
              </div>
              {/* SPEC section 6: only a team admin sees the Invite Member button. */}
              {canManageTeam(tenant.user_role) && (
                <InviteMembersDialog key={tenant.uuid} tenantUuid={tenant.uuid} />
              )}
            </CardHeader>
            <CardContent>
              <MembersTable
                key={tenant.uuid}
                tenantUuid={tenant.uuid}
                viewerRole={tenant.user_role}
                viewerEmail={email}
              />
            </CardContent>
          </Card>
        </div>
      )}
    </TenantPage>
  );
}
