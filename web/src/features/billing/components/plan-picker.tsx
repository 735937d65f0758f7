import type { BillingInterval, Plan, Subscription } from '@app/contract';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePlans } from '@/features/billing/api/get-plans';
import { useOpenBillingPortal } from '@/features/billing/api/open-billing-portal';
import { useStartCheckout } from '@/features/billing/api/start-checkout';
import { BillingIntervalToggle } from '@/features/billing/components/billing-interval-toggle';
import { PlanCard } from '@/features/billing/components/plan-card';
import { TestModeDialog } from '@/features/billing/components/test-mode-dialog';
import { isLive } from '@/features/billing/utils/subscription-status';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { usePublicConfig } from '@/lib/public-config';

type PlanPickerProps = {
  tenantUuid: string;
  /** The team's subscription, null when it has none; undefined while it loads. */
  subscription: Subscription | null | undefined;
  /** Admins and the owner; members see the plans without buttons (docs/contract.md section 3 roles). */
  canManage: boolean;
};

/**
 * The plans with the monthly/annual toggle (docs/spec.md section 4, default annual). A team without a subscription
 * goes to checkout; one with a subscription changes plan in the billing portal, never by a second checkout.
 */
export function PlanPicker({ tenantUuid, subscription, canManage }: PlanPickerProps) {
  const { t } = useTranslation('billing');
  const plans = usePlans();
  const config = usePublicConfig();
  const checkout = useStartCheckout(tenantUuid);
  const portal = useOpenBillingPortal(tenantUuid);
  const [interval, setBillingInterval] = useState<BillingInterval>('annual');
  const [testModePlan, setTestModePlan] = useState<Plan | null>(null);
  const live = isLive(subscription) ? subscription : null;

  const startCheckout = (plan: Plan) => {
    portal.reset();
    checkout.mutate(
      { plan_id: plan.id, billing_interval: interval },
      { onSettled: () => setTestModePlan(null) },
    );
  };
  const choose = (plan: Plan) => {
    // The test-mode card comes first with the built-in provider; Stripe shows its own page at once.
    if (config.data?.payments_provider === 'stripe') startCheckout(plan);
    else setTestModePlan(plan);
  };

  const failure = checkout.isError
    ? getErrorText(checkout.error, t('errors.startCheckout'))
    : portal.isError
      ? getErrorText(portal.error, t('errors.openPortal'))
      : null;

  const actionFor = (plan: Plan) => {
    if (!canManage || subscription === undefined) return undefined;
    if (live?.plan_id === plan.id && live.billing_interval === interval) {
      return (
        <Button variant="outline" className="w-full" disabled>
          {t('picker.currentPlan')}
        </Button>
      );
    }
    if (live) {
      return (
        <Button
          variant="outline"
          className="w-full"
          disabled={portal.isPending}
          onClick={() => {
            checkout.reset();
            portal.mutate();
          }}
        >
          {live.plan_id === plan.id
            ? t(interval === 'annual' ? 'picker.switchToAnnual' : 'picker.switchToMonthly')
            : t('picker.switchTo', { plan: plan.name })}
        </Button>
      );
    }
    const isStarting = checkout.isPending && checkout.variables?.plan_id === plan.id && !testModePlan;
    return (
      <Button className="w-full" disabled={checkout.isPending} onClick={() => choose(plan)}>
        {isStarting && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {t('picker.upgradeTo', { plan: plan.name })}
      </Button>
    );
  };

  return (
    <section aria-labelledby="plans-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="plans-heading" className="text-lg font-semibold tracking-tight">
            {t('picker.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t(
              !canManage ? 'picker.membersOnly' : live ? 'picker.changeInPortal' : 'picker.checkoutInNewTab',
            )}
          </p>
        </div>
        <BillingIntervalToggle value={interval} onValueChange={setBillingInterval} />
      </div>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      {plans.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6 text-primary" />
        </div>
      ) : plans.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {getErrorText(plans.error, t('errors.loadPlans'))}
            <Button variant="outline" size="sm" onClick={() => void plans.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              current={live?.plan_id === plan.id ? { interval: live.billing_interval } : null}
              action={actionFor(plan)}
            />
          ))}
        </div>
      )}
      {testModePlan && (
        <TestModeDialog
          open
          onOpenChange={(open) => !open && setTestModePlan(null)}
          planName={testModePlan.name}
          interval={interval}
          onContinue={() => startCheckout(testModePlan)}
          isPending={checkout.isPending}
        />
      )}
    </section>
  );
}
