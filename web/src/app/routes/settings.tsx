import { ProductNamePage } from '@/components/product-name-page';

export default function SettingsRoute() {
  return <ProductNamePage />;
}
