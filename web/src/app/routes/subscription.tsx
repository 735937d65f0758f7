import { AppPage } from '@/app/layouts/app-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { usePlans } from '@/features/billing/api/get-plans';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { BillingHistory } from '@/features/billing/components/billing-history';
import { CurrentSubscriptionCard } from '@/features/billing/components/current-subscription-card';
import { PlanPicker } from '@/features/billing/components/plan-picker';
import { useRefreshOnReturn } from '@/features/billing/hooks/use-refresh-on-return';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';

/** Subscription (SPEC section 2): the team's subscription, the plan picker and the billing history. */
export default function SubscriptionRoute() {
  const { tenant, isLoading } = useCurrentTenant();
  const subscription = useSubscription(tenant?.uuid);
  const plans = usePlans();
  // Checkout and the portal open in another tab: coming back shows what changed there.
  useRefreshOnReturn(tenant?.uuid);
  const canManage = tenant?.user_role === 'owner' || tenant?.user_role === 'admin';

  return (
    <AppPage title="Subscription" subtitle={tenant?.name}>
      {isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-8 text-primary" />
        </div>
      ) : !tenant ? (
        <Alert variant="destructive" className="max-w-2xl">
          <AlertDescription>No tenant selected</AlertDescription>
        </Alert>
      ) : (
        <div className="grid max-w-6xl gap-6">
          <CurrentSubscriptionCard
            key={`subscription-${tenant.uuid}`}
            tenantUuid={tenant.uuid}
            subscription={subscription}
            plans={plans.data}
            canManage={canManage}
          />
          <PlanPicker
            key={`plans-${tenant.uuid}`}
            tenantUuid={tenant.uuid}
            // Unknown while it loads or when it failed (the card above says so): no buttons until known,
            // so that a team with a subscription is never sent to a second checkout.
            subscription={subscription.data}
            canManage={canManage}
          />
          <BillingHistory key={`invoices-${tenant.uuid}`} tenantUuid={tenant.uuid} canDownload={canManage} />
        </div>
      )}
    </AppPage>
  );
}
