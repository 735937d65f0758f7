import { ProductNamePage } from '@/components/product-name-page';

export default function AcceptInvitationRoute() {
  return <ProductNamePage />;
}
