import { AppPage } from '@/app/layouts/app-page';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { AdminUsersTable } from '@/features/admin/components/admin-users-table';

/** The operators' user search (docs/contract.md section 4, Operators), for super admins (the router's guard sees to that). */
export default function AdminUsersRoute() {
  return (
    <AppPage title="Users" subtitle="Find an account to suspend it or view the app as it">
      <div className="grid max-w-6xl grid-cols-1 gap-6">
        <AdminNav />
        <AdminUsersTable />
      </div>
    </AppPage>
  );
}
