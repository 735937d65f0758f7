import { ProductNamePage } from '@/components/product-name-page';

export default function TeamRoute() {
  return <ProductNamePage />;
}
