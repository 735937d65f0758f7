import { ProductNamePage } from '@/components/product-name-page';

export default function ItemsRoute() {
  return <ProductNamePage />;
}
