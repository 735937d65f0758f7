import { AppPage } from '@/app/layouts/app-page';

/** The plans, the current subscription and the invoices arrive with the billing issue. */
export default function SubscriptionRoute() {
  return <AppPage title="Subscription" />;
}
