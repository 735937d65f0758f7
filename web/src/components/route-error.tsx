import { useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/translation';

/** Shown when a page fails, most often because its code chunk is gone after a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <title>Tessera</title>
      <h1 className="text-2xl font-semibold tracking-tight">{t('routeError.title')}</h1>
      <p className="text-muted-foreground">{t('routeError.text')}</p>
      {/* A full page load, not a router navigation, so that a fresh build's files are fetched. */}
      <Button asChild>
        <a href={pathname + search}>{t('routeError.reload')}</a>
      </Button>
    </main>
  );
}
