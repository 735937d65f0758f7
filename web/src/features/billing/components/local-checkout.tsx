import type { LocalCheckoutSession } from '@app/contract';
import { CircleCheck, Clock } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, getErrorText, hasErrorCode } from '@/lib/api-error';

import { useCheckoutSession } from '@/features/billing/api/get-checkout-session';
import { usePayCheckoutSession } from '@/features/billing/api/pay-checkout-session';
import { CardPaymentForm } from '@/features/billing/components/card-payment-form';
import { OrderSummary } from '@/features/billing/components/order-summary';
import { formatMoney } from '@/features/billing/utils/prices';
import { trialEndText } from '@/features/billing/utils/subscription-status';

/** The test-mode provider's checkout page: the order, the card form, and what came of the payment. */
export function LocalCheckout({ sessionId, email }: { sessionId: string; email: string | null }) {
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
        title={status === 404 ? 'Checkout not found' : 'Checkout unavailable'}
        body={
          status === 404
            ? 'This checkout link is not valid. Start again from your subscription page.'
            : getErrorText(session.error, 'Failed to start checkout')
        }
      />
    );
  }
  return <CheckoutForSession session={session.data} email={email} />;
}

function CheckoutForSession({ session, email }: { session: LocalCheckoutSession; email: string | null }) {
  const pay = usePayCheckoutSession(session.id, session.tenant_uuid);
  const hasRunOut = useHasPassed(session.expires_at);
  const isExpired = session.status === 'expired' || hasRunOut;

  const trialEnd = trialEndText(pay.data);
  if (pay.isSuccess && trialEnd) {
    return (
      <Notice
        icon={<CircleCheck className="size-12 text-primary" aria-hidden="true" />}
        title="Trial started"
        body={`${session.tenant_name} is on the ${session.plan.name} plan. ${trialEnd}; nothing is charged until then.`}
        tone="success"
      />
    );
  }
  if (pay.isSuccess || session.status === 'complete') {
    return (
      <Notice
        icon={<CircleCheck className="size-12 text-primary" aria-hidden="true" />}
        title="Payment successful"
        body={`${session.tenant_name} is now on the ${session.plan.name} plan, billed ${
          session.billing_interval === 'annual' ? 'annually' : 'monthly'
        }. The invoice is in your billing history.`}
        tone="success"
      />
    );
  }
  if (isExpired) {
    return (
      <Notice
        icon={<Clock className="size-12 text-muted-foreground" aria-hidden="true" />}
        title="Checkout expired"
        body="This checkout is no longer open, and nothing was charged. Choose the plan again to start a new one."
        tone="info"
      />
    );
  }

  const failure = pay.isError
    ? hasErrorCode(pay.error, 'payment_required')
      ? (pay.error.detail ?? 'Your card was declined.')
      : getErrorText(pay.error, 'Payment failed. Please try again.')
    : null;

  return (
    <Card className="grid gap-0 overflow-hidden p-0 md:grid-cols-[1fr_1.1fr]">
      <div className="border-b border-border bg-muted p-6 sm:p-8 md:border-r md:border-b-0">
        <OrderSummary session={session} />
      </div>
      <div className="grid content-start gap-6 p-6 sm:p-8">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold tracking-tight">Pay with card</h2>
          {email && <p className="text-sm text-muted-foreground">Signed in as {email}</p>}
        </div>
        <CardPaymentForm
          payLabel={
            session.trial_days > 0
              ? 'Start free trial'
              : `Pay ${formatMoney(session.amount, session.currency)}`
          }
          onPay={(body) => pay.mutate(body)}
          isPending={pay.isPending}
          failure={failure}
        />
        <p className="text-center text-xs text-muted-foreground">
          Test mode: use 4242 4242 4242 4242, any future date and any 3 digits.
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
        <Link to={paths.app.subscription.getHref()}>Back to subscription</Link>
      </Button>
      {tone === 'success' && <p className="text-xs text-muted-foreground">You can also close this tab.</p>}
    </Card>
  );
}
