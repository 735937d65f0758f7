import { AppPage } from '@/app/layouts/app-page';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { AdminUsersTable } from '@/features/admin/components/admin-users-table';
import { useTranslation } from '@/lib/i18n/translation';

/** The operators' user search (docs/contract.md section 4, Operators), for super admins (the router's guard sees to that). */
export default function AdminUsersRoute() {
  const { t } = useTranslation('admin');
  return (
    <AppPage title={t('pages.usersTitle')} subtitle={t('pages.usersSubtitle')}>
      <div className="grid max-w-6xl grid-cols-1 gap-6">
        <AdminNav />
        <AdminUsersTable />
      </div>
    </AppPage>
  );
}
