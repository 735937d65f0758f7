import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';

import { AppPage } from '@/app/layouts/app-page';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminTenant } from '@/features/admin/api/get-admin-tenant';
import { AdminTenantDetails } from '@/features/admin/components/admin-tenant-details';
import { useTranslation } from '@/lib/i18n/translation';

/** A team's details, users and subscription, for super admins (docs/spec.md section 2, Admin). */
export default function AdminTenantRoute() {
  const { t } = useTranslation('admin');
  const { tenantId = '' } = useParams();
  const tenant = useAdminTenant(tenantId);
  const navigate = useNavigate();

  return (
    <AppPage title={t('pages.tenantTitle')} subtitle={tenant.data?.name}>
      <div>
        <Button variant="outline" size="sm" onClick={() => void navigate(paths.app.dashboard.getHref())}>
          <ArrowLeft aria-hidden="true" />
          {t('pages.backToHome')}
        </Button>
      </div>
      {tenant.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-8 text-primary" />
        </div>
      ) : tenant.isError ? (
        <ErrorAlert error={tenant.error} fallback={t('fetchFailed')} className="max-w-2xl" />
      ) : (
        <AdminTenantDetails tenant={tenant.data} />
      )}
    </AppPage>
  );
}
