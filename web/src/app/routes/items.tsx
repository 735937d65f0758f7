import { TenantPage } from '@/app/layouts/tenant-page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { reachedLimit, useUsage } from '@/features/billing/api/get-usage';
import { CreateItemDialog } from '@/features/items/components/item-form-dialog';
import { ItemsTable } from '@/features/items/components/items-table';

/** Items (docs/spec.md section 2): the team's items, which every member may create, edit and delete. */
export default function ItemsRoute() {
  return (
    <TenantPage title="Items">
      {(tenant) => (
        <Card className="max-w-5xl">
          <CardHeader className="flex flex-wrap items-center justify-between gap-3 max-sm:px-4">
            <div className="grid gap-1.5">
              <CardTitle asChild>
                <h2>All items</h2>
              </CardTitle>
              <CardDescription>Everything your team is working on, newest first.</CardDescription>
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
