import { AppPage } from '@/app/layouts/app-page';
import { AdminFeedbackTable } from '@/features/admin/components/admin-feedback-table';
import { AdminTenantsTable } from '@/features/admin/components/admin-tenants-table';

/** Admin (docs/spec.md section 2): every team and all feedback, for super admins (the router's guard sees to that). */
export default function AdminRoute() {
  return (
    <AppPage title="Admin" subtitle="All teams and feedback">
      <div className="grid max-w-6xl grid-cols-1 gap-6">
        <AdminTenantsTable />
        <AdminFeedbackTable />
      </div>
    </AppPage>
  );
}
