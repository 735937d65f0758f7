import { ProductNamePage } from '@/components/product-name-page';

export default function DashboardRoute() {
  return <ProductNamePage />;
}
