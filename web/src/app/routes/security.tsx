import { canManageTeam } from '@app/contract';

import { TenantPage } from '@/app/layouts/tenant-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ChangesCard } from '@/features/security/components/changes-card';
import { DomainsCard } from '@/features/security/components/domains-card';
import { RulesCard } from '@/features/security/components/rules-card';
import { ScimCard } from '@/features/security/components/scim-card';
import { SsoCard } from '@/features/security/components/sso-card';
import { useTranslation } from '@/lib/i18n/translation';

/** Security (docs/contract.md section 4, Enterprise identity): how members sign in to the team, for its admins and owner. */
export default function SecurityRoute() {
  const { t } = useTranslation('security');
  return (
    <TenantPage title={t('page.title')}>
      {(tenant) =>
        canManageTeam(tenant.user_role) ? (
          <div className="grid max-w-5xl min-w-0 gap-6">
            <DomainsCard key={`domains-${tenant.uuid}`} tenantUuid={tenant.uuid} />
            <SsoCard key={`sso-${tenant.uuid}`} tenantUuid={tenant.uuid} />
            <ScimCard key={`scim-${tenant.uuid}`} tenantUuid={tenant.uuid} />
            <RulesCard key={`rules-${tenant.uuid}`} tenantUuid={tenant.uuid} />
            <ChangesCard key={`changes-${tenant.uuid}`} tenantUuid={tenant.uuid} />
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
