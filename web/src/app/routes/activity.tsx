import { canManageTeam } from '@app/contract';

import { TenantPage } from '@/app/layouts/tenant-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { useTranslation } from '@/lib/i18n/translation';

/** Activity (docs/contract.md section 4): the team's log, for its admins and owner. */
export default function ActivityRoute() {
  const { t } = useTranslation('activity');
  return (
    <TenantPage title={t('page.title')}>
      {(tenant) =>
        canManageTeam(tenant.user_role) ? (
          <Card className="max-w-5xl min-w-0">
            <CardHeader className="max-sm:px-4">
              <CardTitle asChild>
                <h2>{t('page.cardTitle')}</h2>
              </CardTitle>
              <CardDescription>{t('page.cardText')}</CardDescription>
            </CardHeader>
            <CardContent className="max-sm:px-4">
              <ActivityLog key={tenant.uuid} tenantUuid={tenant.uuid} />
            </CardContent>
          </Card>
        ) : (
          <Alert className="max-w-2xl">
            <AlertDescription>{t('page.forbidden')}</AlertDescription>
          </Alert>
        )
      }
    </TenantPage>
  );
}
