import { AppPage } from '@/app/layouts/app-page';

/** The items table arrives with its issue. */
export default function ItemsRoute() {
  return <AppPage title="Items" />;
}
