import { AppPage } from '@/app/layouts/app-page';
import { AdminFeedbackTable } from '@/features/admin/components/admin-feedback-table';
import { AdminMetrics } from '@/features/admin/components/admin-metrics';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { AdminTenantsTable } from '@/features/admin/components/admin-tenants-table';
import { OperatorAuditTable } from '@/features/admin/components/operator-audit-table';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Admin (docs/spec.md section 2; docs/contract.md section 4, Operators): the business's figures and sign-ups, what
 * operators did, every team and all feedback, for super admins (the router's guard sees to that).
 */
export default function AdminRoute() {
  const { t } = useTranslation('admin');
  return (
    <AppPage title={t('pages.adminTitle')} subtitle={t('pages.adminSubtitle')}>
      <div className="grid max-w-6xl grid-cols-1 gap-6">
        <AdminNav />
        <AdminMetrics />
        <OperatorAuditTable />
        <AdminTenantsTable />
        <AdminFeedbackTable />
      </div>
    </AppPage>
  );
}
