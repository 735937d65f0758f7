import { ProductNamePage } from '@/components/product-name-page';

export default function AdminRoute() {
  return <ProductNamePage />;
}
