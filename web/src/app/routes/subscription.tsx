import { canManageTeam, type Tenant } from '@app/contract';

import { TenantPage } from '@/app/layouts/tenant-page';
import { usePlans } from '@/features/billing/api/get-plans';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { BillingHistory } from '@/features/billing/components/billing-history';
import { CurrentSubscriptionCard } from '@/features/billing/components/current-subscription-card';
import { PlanPicker } from '@/features/billing/components/plan-picker';
import { UpcomingInvoiceCard } from '@/features/billing/components/upcoming-invoice-card';
import { UsageMeters } from '@/features/billing/components/usage-meters';
import { useRefreshOnReturn } from '@/features/billing/hooks/use-refresh-on-return';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Subscription (docs/spec.md section 2): the team's subscription, its next invoice, the plan picker and the billing
 * history.
 */
export default function SubscriptionRoute() {
  const { t } = useTranslation('billing');
  return (
    <TenantPage title={t('page.subscription')}>
      {(tenant) => <TeamBilling key={tenant.uuid} tenant={tenant} />}
    </TenantPage>
  );
}

function TeamBilling({ tenant }: { tenant: Tenant }) {
  // The seats and the next invoice shown here change as members come and go: read as this page opens.
  const subscription = useSubscription(tenant.uuid, { fresh: true });
  const plans = usePlans();
  // Checkout and the portal open in another tab: coming back shows what changed there.
  useRefreshOnReturn(tenant.uuid);
  const canManage = canManageTeam(tenant.user_role);

  return (
    <div className="grid max-w-6xl gap-6">
      <CurrentSubscriptionCard
        tenantUuid={tenant.uuid}
        subscription={subscription}
        plans={plans.data}
        canManage={canManage}
      />
      <UpcomingInvoiceCard tenantUuid={tenant.uuid} subscription={subscription.data} />
      <UsageMeters tenantUuid={tenant.uuid} />
      <PlanPicker
        tenantUuid={tenant.uuid}
        // Unknown while it loads or when it failed (the card above says so): no buttons until known,
        // so that a team with a subscription is never sent to a second checkout.
        subscription={subscription.data}
        canManage={canManage}
      />
      <BillingHistory tenantUuid={tenant.uuid} canDownload={canManage} />
    </div>
  );
}
