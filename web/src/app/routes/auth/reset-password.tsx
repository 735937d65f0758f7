import { ProductNamePage } from '@/components/product-name-page';

export default function ResetPasswordRoute() {
  return <ProductNamePage />;
}
