import { useParams } from 'react-router';

import { AppPage } from '@/app/layouts/app-page';
import { ErrorAlert } from '@/components/error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useAdminUser } from '@/features/admin/api/get-admin-user';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { AdminUserDetails } from '@/features/admin/components/admin-user-details';
import { useTranslation } from '@/lib/i18n/translation';

/** One account for operators (docs/contract.md section 4, Operators): details, teams, suspension and "View as". */
export default function AdminUserRoute() {
  const { t } = useTranslation('admin');
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);

  return (
    <AppPage title={t('pages.userTitle')} subtitle={user.data?.email}>
      <div className="grid max-w-5xl grid-cols-1 gap-6">
        <AdminNav />
        {user.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-8 text-primary" />
          </div>
        ) : user.isError ? (
          <ErrorAlert error={user.error} fallback={t('fetchFailed')} className="max-w-2xl" />
        ) : (
          <AdminUserDetails user={user.data} />
        )}
      </div>
    </AppPage>
  );
}
