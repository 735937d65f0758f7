import { ProductNamePage } from '@/components/product-name-page';

export default function RegisterRoute() {
  return <ProductNamePage />;
}
