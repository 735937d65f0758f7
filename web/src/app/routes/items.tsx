import { AppPage } from '@/app/layouts/app-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CreateItemDialog } from '@/features/items/components/item-form-dialog';
import { ItemsTable } from '@/features/items/components/items-table';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';

/** Items (SPEC section 2): the team's items, which every member may create, edit and delete. */
export default function ItemsRoute() {
  const { tenant, isLoading } = useCurrentTenant();

  return (
    <AppPage title="Items" subtitle={tenant?.name}>
      {isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-8 text-primary" />
        </div>
      ) : !tenant ? (
        <Alert variant="destructive" className="max-w-2xl">
          <AlertDescription>No tenant selected</AlertDescription>
        </Alert>
      ) : (
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
    </AppPage>
  );
}
