import { ProductNamePage } from '@/components/product-name-page';

export default function LoginRoute() {
  return <ProductNamePage />;
}
