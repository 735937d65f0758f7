import { ProductNamePage } from '@/components/product-name-page';

export default function AdminTenantRoute() {
  return <ProductNamePage />;
}
