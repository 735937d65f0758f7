import { AppPage } from '@/app/layouts/app-page';

/** The tables of all teams and all feedback arrive with the admin issue. */
export default function AdminRoute() {
  return <AppPage title="Admin" />;
}
