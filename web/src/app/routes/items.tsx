import { TenantPage } from '@/app/layouts/tenant-page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
            <CreateItemDialog key={tenant.uuid} tenantUuid={tenant.uuid} />
          </CardHeader>
          <CardContent className="max-sm:px-4">
            <ItemsTable key={tenant.uuid} tenantUuid={tenant.uuid} />
          </CardContent>
        </Card>
      )}
    </TenantPage>
  );
}
