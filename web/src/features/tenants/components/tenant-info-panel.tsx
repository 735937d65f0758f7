import { ROLE_PERMISSIONS, type Tenant } from '@app/contract';

import { RoleBadge } from '@/components/role-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type TenantInfoPanelProps = { tenant: Tenant | null; isLoading: boolean };

/** The tenant information panel of docs/spec.md section 2, with the permission list of section 6. */
export function TenantInfoPanel({ tenant, isLoading }: TenantInfoPanelProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Tenant Information</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {isLoading ? (
          <p className="text-muted-foreground">Loading tenant information...</p>
        ) : !tenant ? (
          <p className="text-muted-foreground">No tenant selected</p>
        ) : (
          <>
            <div className="grid gap-1">
              <p className="text-base font-medium break-words">{tenant.name}</p>
              {tenant.description && (
                <p className="break-words text-muted-foreground">{tenant.description}</p>
              )}
            </div>
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">Your role</dt>
              <dd>
                <RoleBadge role={tenant.user_role} />
              </dd>
              <dt className="text-muted-foreground">Tenant ID</dt>
              <dd className="font-mono text-xs break-all">{tenant.uuid}</dd>
            </dl>
            <div className="grid gap-2">
              <h3 className="font-medium">Permissions</h3>
              <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
                {ROLE_PERMISSIONS[tenant.user_role].map((permission) => (
                  <li key={permission}>{permission}</li>
                ))}
              </ul>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
