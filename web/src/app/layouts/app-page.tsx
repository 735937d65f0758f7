import { BookOpen, Download, Menu, MessageSquare, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useShell } from '@/app/layouts/shell-context';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/translation';
import { usePublicConfig } from '@/lib/public-config';

type AppPageProps = {
  /** The page's one h1 and its document title. */
  title: string;
  subtitle?: string;
  children?: ReactNode;
};

/**
 * A signed-in page: the top bar of docs/spec.md section 2 (the product name, title, subtitle, Download Codebase, Docs,
 * Feedback), then content.
 */
export function AppPage({ title, subtitle, children }: AppPageProps) {
  const { t } = useTranslation('app');
  const { isSidebarCollapsed, toggleSidebar, openNavigation, openFeedback } = useShell();
  const config = usePublicConfig();

  return (
    <>
      <title>{`${title} · Tessera`}</title>
      {/*
        The header sizes its contents by its own width, which the sidebar takes from the window: one row (brand, title,
        buttons) where the title has room, else the brand and buttons over the title; the buttons drop their labels
        (kept for screen readers) where even that row is tight, as on a 390px phone.
      */}
      <header className="@container sticky top-0 z-30 border-b border-border bg-card px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-2 @4xl:flex-nowrap @4xl:gap-x-3">
          <Button variant="ghost" size="icon" className="md:hidden" onClick={openNavigation}>
            <Menu aria-hidden="true" />
            <span className="sr-only">{t('page.openNavigation')}</span>
          </Button>
          <Button variant="ghost" size="icon" className="hidden md:inline-flex" onClick={toggleSidebar}>
            {isSidebarCollapsed ? (
              <PanelLeftOpen aria-hidden="true" />
            ) : (
              <PanelLeftClose aria-hidden="true" />
            )}
            <span className="sr-only">
              {isSidebarCollapsed ? t('page.expandSidebar') : t('page.collapseSidebar')}
            </span>
          </Button>
          {/* docs/contract.md, its opening: the top bar shows the product's name. */}
          <Link
            to={paths.app.dashboard.getHref()}
            className="flex shrink-0 items-center gap-2 rounded-md px-1 py-1 font-semibold tracking-tight transition-colors hover:bg-muted"
          >
            <img src="/tessera.svg" alt="" className="size-6" />
            Tessera
          </Link>
          <div aria-hidden="true" className="hidden h-8 w-px shrink-0 bg-border @4xl:block" />
          <div className="min-w-0 @max-4xl:order-last @max-4xl:basis-full @4xl:flex-1">
            <h1 className="text-lg leading-tight font-semibold tracking-tight break-words">{title}</h1>
            {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
          </div>
          <div className="ms-auto flex shrink-0 gap-2">
            {/* External pages (DOCS_URL / CODEBASE_URL, docs/contract.md section 2) open in a new tab without access to this one. */}
            {config.data && (
              <>
                <Button asChild variant="outline" size="sm" className="@max-xl:size-9 @max-xl:px-0">
                  <a href={config.data.codebase_url} target="_blank" rel="noopener noreferrer">
                    <Download aria-hidden="true" />
                    <span className="@max-xl:sr-only">{t('page.downloadCodebase')}</span>
                  </a>
                </Button>
                <Button asChild variant="outline" size="sm" className="@max-xl:size-9 @max-xl:px-0">
                  <a href={config.data.docs_url} target="_blank" rel="noopener noreferrer">
                    <BookOpen aria-hidden="true" />
                    <span className="@max-xl:sr-only">{t('page.docs')}</span>
                  </a>
                </Button>
              </>
            )}
            <Button
              variant="outline"
              size="sm"
              className="@max-xl:size-9 @max-xl:px-0"
              aria-keyshortcuts="F"
              title={t('page.feedbackShortcut')}
              onClick={openFeedback}
            >
              <MessageSquare aria-hidden="true" />
              <span className="@max-xl:sr-only">{t('page.feedback')}</span>
            </Button>
          </div>
        </div>
      </header>
      <main className="flex w-full flex-1 flex-col gap-6 px-4 py-6 sm:px-6">{children}</main>
    </>
  );
}
