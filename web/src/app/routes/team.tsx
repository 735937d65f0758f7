import { AppPage } from '@/app/layouts/app-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { InviteMembersDialog } from '@/features/members/components/invite-members-dialog';
import { MembersTable } from '@/features/members/components/members-table';
import { TeamSettingsForm } from '@/features/tenants/components/team-settings-form';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';
import { useSession } from '@/lib/session/use-session';

/** Team Settings (SPEC section 2): the team's name and description, its members and invitations. */
export default function TeamRoute() {
  const { email } = useSession();
  const { tenant, isLoading } = useCurrentTenant();
  const canManage = tenant?.user_role === 'owner' || tenant?.user_role === 'admin';

  return (
    <AppPage title="Team Settings" subtitle={tenant?.name}>
      {isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-8 text-primary" />
        </div>
      ) : !tenant ? (
        <Alert variant="destructive" className="max-w-2xl">
          <AlertDescription>No tenant selected</AlertDescription>
        </Alert>
      ) : (
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
              {canManage && <InviteMembersDialog key={tenant.uuid} tenantUuid={tenant.uuid} />}
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
    </AppPage>
  );
}
