import { TEST_CARD_NUMBER, type LocalCheckoutSession } from '@app/contract';
import { CircleCheck, Clock } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCheckoutSession } from '@/features/billing/api/get-checkout-session';
import { usePayCheckoutSession } from '@/features/billing/api/pay-checkout-session';
import { CardPaymentForm } from '@/features/billing/components/card-payment-form';
import { OrderSummary } from '@/features/billing/components/order-summary';
import { formatPrice } from '@/features/billing/utils/prices';
import { trialEndsAt } from '@/features/billing/utils/subscription-status';
import { ApiError, getErrorText, hasErrorCode } from '@/lib/api-error';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/** The test-mode provider's checkout page: the order, the card form, and what came of the payment. */
export function LocalCheckout({ sessionId, email }: { sessionId: string; email: string | null }) {
  const { t } = useTranslation('billing');
  const session = useCheckoutSession(sessionId);

  if (session.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner className="size-8 text-primary" />
      </div>
    );
  }
  if (session.isError) {
    const status = session.error instanceof ApiError ? session.error.status : 0;
    return (
      <Notice
        tone="error"
        title={t(status === 404 ? 'checkout.notFound' : 'checkout.unavailable')}
        body={
          status === 404 ? t('checkout.invalidLink') : getErrorText(session.error, t('errors.startCheckout'))
        }
      />
    );
  }
  return <CheckoutForSession session={session.data} email={email} />;
}

function CheckoutForSession({ session, email }: { session: LocalCheckoutSession; email: string | null }) {
  const { t } = useTranslation('billing');
  const format = useFormat();
  const pay = usePayCheckoutSession(session.id, session.tenant_uuid);
  const hasRunOut = useHasPassed(session.expires_at);
  const isExpired = session.status === 'expired' || hasRunOut;

  const trialEnd = trialEndsAt(pay.data);
  if (pay.isSuccess && trialEnd) {
    return (
      <Notice
        icon={<CircleCheck className="size-12 text-primary" aria-hidden="true" />}
        title={t('checkout.trialStarted')}
        body={t('checkout.trialStartedText', {
          team: session.tenant_name,
          plan: session.plan.name,
          date: format.longDate(trialEnd),
        })}
        tone="success"
      />
    );
  }
  if (pay.isSuccess || session.status === 'complete') {
    return (
      <Notice
        icon={<CircleCheck className="size-12 text-primary" aria-hidden="true" />}
        title={t('checkout.paid')}
        body={t(session.billing_interval === 'annual' ? 'checkout.paidAnnual' : 'checkout.paidMonthly', {
          team: session.tenant_name,
          plan: session.plan.name,
        })}
        tone="success"
      />
    );
  }
  if (isExpired) {
    return (
      <Notice
        icon={<Clock className="size-12 text-muted-foreground" aria-hidden="true" />}
        title={t('checkout.expired')}
        body={t('checkout.expiredText')}
        tone="info"
      />
    );
  }

  // A decline says why in the server's words (its detail), in the user's language through getErrorText.
  const failure = pay.isError
    ? getErrorText(
        pay.error,
        t(hasErrorCode(pay.error, 'payment_required') ? 'checkout.declined' : 'checkout.failed'),
      )
    : null;

  return (
    <Card className="grid gap-0 overflow-hidden p-0 md:grid-cols-[1fr_1.1fr]">
      <div className="border-b border-border bg-muted p-6 sm:p-8 md:border-r md:border-b-0">
        <OrderSummary session={session} />
      </div>
      <div className="grid content-start gap-6 p-6 sm:p-8">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold tracking-tight">{t('checkout.payWithCard')}</h2>
          {email && <p className="text-sm text-muted-foreground">{t('checkout.signedInAs', { email })}</p>}
        </div>
        <CardPaymentForm
          payLabel={
            session.trial_days > 0
              ? t('checkout.startTrial')
              : t('checkout.pay', { amount: formatPrice(format, session.amount, session.currency) })
          }
          onPay={(body) => pay.mutate(body)}
          isPending={pay.isPending}
          failure={failure}
        />
        <p className="text-center text-xs text-muted-foreground">
          {t('checkout.testModeHint', { number: TEST_CARD_NUMBER })}
        </p>
      </div>
    </Card>
  );
}

/** Whether the moment `iso` has passed, turning true when it does while the page is open. */
function useHasPassed(iso: string): boolean {
  const [hasPassed, setPassed] = useState(() => Date.parse(iso) <= Date.now());
  useEffect(() => {
    const wait = Date.parse(iso) - Date.now();
    if (wait <= 0) return;
    // setTimeout holds at most 2^31 - 1 ms; a session is short-lived anyway.
    const timer = setTimeout(() => setPassed(true), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [iso]);
  return hasPassed;
}

type NoticeProps = { icon?: ReactNode; title: string; body: string; tone: 'success' | 'info' | 'error' };

/** A checkout that cannot take a payment, or has taken it: what happened and the way back. */
function Notice({ icon, title, body, tone }: NoticeProps) {
  const { t } = useTranslation('billing');
  return (
    <Card className="mx-auto w-full max-w-md items-center gap-4 px-6 py-10 text-center sm:px-10">
      {icon}
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {tone === 'error' ? (
        <Alert variant="destructive" className="text-left">
          <AlertDescription>{body}</AlertDescription>
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground" role={tone === 'success' ? 'status' : undefined}>
          {body}
        </p>
      )}
      <Button asChild className="mt-2">
        <Link to={paths.app.subscription.getHref()}>{t('checkout.back')}</Link>
      </Button>
      {tone === 'success' && <p className="text-xs text-muted-foreground">{t('checkout.closeTab')}</p>}
    </Card>
  );
}
