import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { Trans, useTranslation } from '@/lib/i18n/translation';

type BillingPageLayoutProps = {
  /** The document title; the page names its own h1. */
  title: string;
  children: ReactNode;
};

/**
 * The frame of the test-mode provider's checkout and portal pages: they stand outside the app's shell, as a
 * payment provider's pages do, with a way back to the app and a clear mark that no real money moves.
 */
export function BillingPageLayout({ title, children }: BillingPageLayoutProps) {
  const { t } = useTranslation('billing');
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <title>{t('layout.documentTitle', { title })}</title>
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to={paths.app.subscription.getHref()}
            className="flex items-center gap-2 rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            <img src="/tessera.svg" alt="" className="size-6" />
            <span className="text-base font-semibold tracking-tight text-foreground">
              <Trans t={t} i18nKey="layout.returnTo" components={{ hidden: <span className="sr-only" /> }} />
            </span>
          </Link>
          <Badge variant="info" className="uppercase">
            {t('layout.testMode')}
          </Badge>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-4 py-6 sm:px-6 sm:py-10">
        {children}
      </main>
      <footer className="border-t border-border py-4 text-center text-xs text-muted-foreground">
        {t('layout.footer')}
      </footer>
    </div>
  );
}
