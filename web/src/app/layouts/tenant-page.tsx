import type { Tenant } from '@app/contract';
import type { ReactNode } from 'react';

import { AppPage } from '@/app/layouts/app-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/translation';
import { TeamRuleNotice } from '@/features/security/components/team-rule-notice';
import { useTeamRuleRefusal } from '@/lib/session/team-rule-refusal';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';

/**
 * A signed-in page about the selected team, titled with its name: a spinner while the team loads, 'No tenant
 * selected' (docs/spec.md section 5) without one, else `children` for that team.
 */
export function TenantPage({ title, children }: { title: string; children: (tenant: Tenant) => ReactNode }) {
  const { t } = useTranslation('app');
  const { tenant, isLoading } = useCurrentTenant();
  const refusal = useTeamRuleRefusal();

  return (
    <AppPage title={title} subtitle={tenant?.name}>
      {isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-8 text-primary" />
        </div>
      ) : !tenant ? (
        <Alert variant="destructive" className="max-w-2xl">
          <AlertDescription>{t('tenant.noneSelected')}</AlertDescription>
        </Alert>
      ) : refusal ? (
        <TeamRuleNotice refusal={refusal} />
      ) : (
        children(tenant)
      )}
    </AppPage>
  );
}
