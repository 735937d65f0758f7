import { canManageTeam } from '@app/contract';

import { TenantPage } from '@/app/layouts/tenant-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useMe } from '@/features/auth/api/get-me';
import { ApiKeysCard } from '@/features/developers/components/api-keys-card';
import { VerifyEmailNotice } from '@/features/developers/components/verify-email-notice';
import { WebhooksCard } from '@/features/developers/components/webhooks-card';
import { useTranslation } from '@/lib/i18n/translation';

/** Developers (docs/contract.md section 4, Developer platform): the team's API keys and webhooks, for its admins and owner. */
export default function DevelopersRoute() {
  const { t } = useTranslation('developers');
  const me = useMe();
  // Only a verified email makes keys and endpoints (the server answers `email_unverified`): an unverified account sees
  // one notice instead of both forms. Until the account is known neither shows; if it cannot be loaded, the forms do
  // and the server decides.
  const mustVerify = me.data?.is_verified === false;
  const canCreate = me.data?.is_verified ?? me.isError;
  return (
    <TenantPage title={t('page.title')}>
      {(tenant) =>
        canManageTeam(tenant.user_role) ? (
          <div className="grid max-w-5xl min-w-0 gap-6">
            {mustVerify && <VerifyEmailNotice />}
            <ApiKeysCard key={`keys-${tenant.uuid}`} tenantUuid={tenant.uuid} canCreate={canCreate} />
            <WebhooksCard key={`webhooks-${tenant.uuid}`} tenantUuid={tenant.uuid} canCreate={canCreate} />
          </div>
        ) : (
          <Alert className="max-w-2xl">
            <AlertDescription>{t('page.managersOnly')}</AlertDescription>
          </Alert>
        )
      }
    </TenantPage>
  );
}
