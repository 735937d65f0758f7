import { TenantPage } from '@/app/layouts/tenant-page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { reachedLimit, useUsage } from '@/features/billing/api/get-usage';
import { CreateItemDialog } from '@/features/items/components/item-form-dialog';
import { ItemsTable } from '@/features/items/components/items-table';
import { useTranslation } from '@/lib/i18n/translation';

/** Items (docs/spec.md section 2): the team's items, which every member may create, edit and delete. */
export default function ItemsRoute() {
  const { t } = useTranslation('items');
  return (
    <TenantPage title={t('page.title')}>
      {(tenant) => (
        <Card className="max-w-5xl">
          <CardHeader className="flex flex-wrap items-center justify-between gap-3 max-sm:px-4">
            <div className="grid gap-1.5">
              <CardTitle asChild>
                <h2>{t('page.heading')}</h2>
              </CardTitle>
              <CardDescription>{t('page.text')}</CardDescription>
            </div>
            <TeamCreateItemDialog key={tenant.uuid} tenantUuid={tenant.uuid} />
          </CardHeader>
          <CardContent className="max-sm:px-4">
            <ItemsTable key={tenant.uuid} tenantUuid={tenant.uuid} />
          </CardContent>
        </Card>
      )}
    </TenantPage>
  );
}

/** The create dialog, told when the team's plan has no room for another item. */
function TeamCreateItemDialog({ tenantUuid }: { tenantUuid: string }) {
  const usage = useUsage(tenantUuid);
  return <CreateItemDialog tenantUuid={tenantUuid} limitReached={reachedLimit(usage.data?.items)} />;
}
