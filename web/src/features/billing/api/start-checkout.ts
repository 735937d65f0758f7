import type { CheckoutBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { openInNewTab } from '@/features/billing/utils/open-in-new-tab';
import { useTranslation } from '@/lib/i18n/translation';

/** POST /payments/checkout: the provider's checkout page for a plan (admins and the owner). */
export const startCheckout = ({ tenantUuid, body }: { tenantUuid: string; body: CheckoutBody }) =>
  apiFetch('createCheckout', { body, tenantUuid });

/** Opens checkout in a new tab (docs/spec.md section 7); the page refreshes when the user comes back. */
export function useStartCheckout(tenantUuid: string) {
  const { t } = useTranslation('billing');
  return useMutation({
    mutationFn: (body: CheckoutBody) =>
      openInNewTab(async () => (await startCheckout({ tenantUuid, body })).url, t('newTab.openingCheckout')),
  });
}
