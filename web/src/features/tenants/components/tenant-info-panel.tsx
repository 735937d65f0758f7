import type { Role, Tenant } from '@app/contract';

import { RoleBadge } from '@/components/role-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n/translation';

type TenantInfoPanelProps = { tenant: Tenant | null; isLoading: boolean };

/** What each role may do (docs/spec.md section 6): the catalogue's keys. */
const ROLE_PERMISSIONS = {
  owner: ['info.permission.fullAccess', 'info.permission.manageUsers', 'info.permission.deleteTenant'],
  admin: ['info.permission.manageProjects', 'info.permission.invite'],
  member: ['info.permission.contribute'],
} as const satisfies Record<Role, readonly string[]>;

/** The tenant information panel of docs/spec.md section 2, with the permission list of section 6. */
export function TenantInfoPanel({ tenant, isLoading }: TenantInfoPanelProps) {
  const { t } = useTranslation('tenants');
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('info.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {isLoading ? (
          <p className="text-muted-foreground">{t('info.loading')}</p>
        ) : !tenant ? (
          <p className="text-muted-foreground">{t('info.none')}</p>
        ) : (
          <>
            <div className="grid gap-1">
              <p className="text-base font-medium break-words">{tenant.name}</p>
              {tenant.description && (
                <p className="break-words text-muted-foreground">{tenant.description}</p>
              )}
            </div>
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">{t('info.yourRole')}</dt>
              <dd>
                <RoleBadge role={tenant.user_role} />
              </dd>
              <dt className="text-muted-foreground">{t('info.id')}</dt>
              <dd className="font-mono text-xs break-all">{tenant.uuid}</dd>
            </dl>
            <div className="grid gap-2">
              <h3 className="font-medium">{t('info.permissions')}</h3>
              <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
                {ROLE_PERMISSIONS[tenant.user_role].map((permission) => (
                  <li key={permission}>{t(permission)}</li>
                ))}
              </ul>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
