import { canManageTeam } from '@app/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePlans } from '@/features/billing/api/get-plans';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { BillingHistory } from '@/features/billing/components/billing-history';
import { PortalPlanChange } from '@/features/billing/components/portal-plan-change';
import { PortalSubscriptionCard } from '@/features/billing/components/portal-subscription-card';
import { isLive } from '@/features/billing/utils/subscription-status';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { useTenant } from '@/lib/session/get-tenant';

/**
 * The test-mode provider's billing portal for one team (contract localBillingPaths): its plan, a switch of
 * plan or interval, cancel at period end and resume, and its invoices. Admins and the owner only.
 */
export function LocalBillingPortal({ tenantUuid }: { tenantUuid: string | null }) {
  const { t } = useTranslation('billing');
  const tenant = useTenant(tenantUuid ?? undefined);
  const canManage = tenant.data !== undefined && canManageTeam(tenant.data.user_role);
  const subscription = useSubscription(canManage ? tenant.data?.uuid : undefined);
  const plans = usePlans();

  let body: ReactNode;
  if (!tenantUuid) {
    body = <Problem text={t('portal.noTeam')} />;
  } else if (tenant.isPending || (canManage && (subscription.isPending || plans.isPending))) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner className="size-8 text-primary" />
      </div>
    );
  } else if (tenant.isError) {
    body = <Problem text={getErrorText(tenant.error, t('errors.openPortal'))} />;
  } else if (!canManage) {
    body = <Problem text={t('portal.membersOnly')} />;
  } else if (subscription.isError) {
    body = <Problem text={getErrorText(subscription.error, t('errors.loadSubscription'))} />;
  } else if (plans.isError) {
    body = <Problem text={getErrorText(plans.error, t('errors.loadPlans'))} />;
  } else if (!subscription.data) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p className="font-medium">{t('portal.noSubscription')}</p>
        <p className="text-sm text-muted-foreground">{t('portal.nothingToManage')}</p>
        <Button asChild>
          <Link to={paths.app.subscription.getHref()}>{t('portal.choosePlan')}</Link>
        </Button>
      </div>
    );
  } else {
    const current = subscription.data;
    body = (
      <div className="grid gap-6">
        <PortalSubscriptionCard
          tenantUuid={tenantUuid}
          subscription={current}
          plan={plans.data?.find(({ id }) => id === current.plan_id)}
        />
        {isLive(current) && plans.data && (
          <PortalPlanChange tenantUuid={tenantUuid} subscription={current} plans={plans.data} />
        )}
        {!isLive(current) && (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p className="text-muted-foreground">{t('portal.ended')}</p>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.app.subscription.getHref()}>{t('portal.choosePlan')}</Link>
            </Button>
          </div>
        )}
        <BillingHistory tenantUuid={tenantUuid} canDownload />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('portal.title')}</h1>
        {tenant.data && <p className="text-muted-foreground">{tenant.data.name}</p>}
      </div>
      {body}
    </div>
  );
}

function Problem({ text }: { text: string }) {
  const { t } = useTranslation('billing');
  return (
    <div className="grid justify-items-start gap-4">
      <Alert variant="destructive">
        <AlertDescription>{text}</AlertDescription>
      </Alert>
      <Button asChild variant="outline">
        <Link to={paths.app.subscription.getHref()}>{t('portal.back')}</Link>
      </Button>
    </div>
  );
}
