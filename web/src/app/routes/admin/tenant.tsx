import { AppPage } from '@/app/layouts/app-page';

/** The tenant details, users and subscription arrive with the admin issue. */
export default function AdminTenantRoute() {
  return <AppPage title="Tenant Details" />;
}
