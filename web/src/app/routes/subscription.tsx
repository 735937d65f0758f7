import { ProductNamePage } from '@/components/product-name-page';

export default function SubscriptionRoute() {
  return <ProductNamePage />;
}
