import { canManageTeam } from '@app/contract';

import { TenantPage } from '@/app/layouts/tenant-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ActivityLog } from '@/features/activity/components/activity-log';

/** Activity (docs/contract.md section 4): the team's log, for its admins and owner. */
export default function ActivityRoute() {
  return (
    <TenantPage title="Activity">
      {(tenant) =>
        canManageTeam(tenant.user_role) ? (
          <Card className="max-w-5xl min-w-0">
            <CardHeader className="max-sm:px-4">
              <CardTitle asChild>
                <h2>Team activity</h2>
              </CardTitle>
              <CardDescription>Who changed what in the team, newest first.</CardDescription>
            </CardHeader>
            <CardContent className="max-sm:px-4">
              <ActivityLog key={tenant.uuid} tenantUuid={tenant.uuid} />
            </CardContent>
          </Card>
        ) : (
          <Alert className="max-w-2xl">
            <AlertDescription>Only admins and the owner can see the team&apos;s activity.</AlertDescription>
          </Alert>
        )
      }
    </TenantPage>
  );
}
