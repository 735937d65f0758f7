import { canManageTeam } from '@app/contract';

import { TenantPage } from '@/app/layouts/tenant-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ApiKeysCard } from '@/features/developers/components/api-keys-card';
import { WebhooksCard } from '@/features/developers/components/webhooks-card';
import { useTranslation } from '@/lib/i18n/translation';

/** Developers (docs/contract.md section 4, Developer platform): the team's API keys and webhooks, for its admins and owner. */
export default function DevelopersRoute() {
  const { t } = useTranslation('developers');
  return (
    <TenantPage title={t('page.title')}>
      {(tenant) =>
        canManageTeam(tenant.user_role) ? (
          <div className="grid max-w-5xl min-w-0 gap-6">
            <ApiKeysCard key={`keys-${tenant.uuid}`} tenantUuid={tenant.uuid} />
            <WebhooksCard key={`webhooks-${tenant.uuid}`} tenantUuid={tenant.uuid} />
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
