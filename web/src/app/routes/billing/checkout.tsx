import { useParams } from 'react-router';

import { BillingPageLayout } from '@/features/billing/components/billing-page-layout';
import { LocalCheckout } from '@/features/billing/components/local-checkout';
import { useTranslation } from '@/lib/i18n/translation';
import { useSession } from '@/lib/session/use-session';

/** /billing/checkout/:sessionId: the test-mode provider's checkout page (contract localBillingPaths). */
export default function CheckoutRoute() {
  const { t } = useTranslation('billing');
  const { sessionId = '' } = useParams();
  const { email } = useSession();
  return (
    <BillingPageLayout title={t('page.checkout')}>
      <LocalCheckout key={sessionId} sessionId={sessionId} email={email} />
    </BillingPageLayout>
  );
}
