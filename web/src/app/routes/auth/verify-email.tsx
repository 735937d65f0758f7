import { ProductNamePage } from '@/components/product-name-page';

export default function VerifyEmailRoute() {
  return <ProductNamePage />;
}
