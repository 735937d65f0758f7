import { ProductNamePage } from '@/components/product-name-page';

export default function ForgotPasswordRoute() {
  return <ProductNamePage />;
}
