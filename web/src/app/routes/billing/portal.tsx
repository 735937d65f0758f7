import { useSearchParams } from 'react-router';

import { BillingPageLayout } from '@/features/billing/components/billing-page-layout';
import { LocalBillingPortal } from '@/features/billing/components/local-billing-portal';
import { useTranslation } from '@/lib/i18n/translation';

/** /billing/portal?tenant={uuid}: the test-mode provider's billing portal (contract localBillingPaths). */
export default function BillingPortalRoute() {
  const { t } = useTranslation('billing');
  const [searchParams] = useSearchParams();
  const tenantUuid = searchParams.get('tenant');
  return (
    <BillingPageLayout title={t('page.portal')}>
      <LocalBillingPortal key={tenantUuid} tenantUuid={tenantUuid} />
    </BillingPageLayout>
  );
}
