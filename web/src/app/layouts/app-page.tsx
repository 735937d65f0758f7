import { BookOpen, Download, Menu, MessageSquare, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';

import { useShell } from '@/app/layouts/shell-context';
import { Button } from '@/components/ui/button';
import { usePublicConfig } from '@/lib/public-config';

type AppPageProps = {
  /** The page's one h1 and its document title. */
  title: string;
  subtitle?: string;
  children?: ReactNode;
};

/** A signed-in page: the top bar of SPEC section 2 (title, subtitle, Download Codebase, Docs, Feedback), then content. */
export function AppPage({ title, subtitle, children }: AppPageProps) {
  const { isSidebarCollapsed, toggleSidebar, openNavigation, openFeedback } = useShell();
  const config = usePublicConfig();

  return (
    <>
      <title>{`${title} · Tessera`}</title>
      <header className="sticky top-0 z-30 flex items-start gap-2 border-b border-border bg-card px-4 py-3 sm:items-center sm:gap-3 sm:px-6">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={openNavigation}>
          <Menu aria-hidden="true" />
          <span className="sr-only">Open navigation</span>
        </Button>
        <Button variant="ghost" size="icon" className="hidden md:inline-flex" onClick={toggleSidebar}>
          {isSidebarCollapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
          <span className="sr-only">{isSidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}</span>
        </Button>
        <div className="min-w-0 flex-1 self-center">
          <h1 className="text-lg leading-tight font-semibold tracking-tight break-words">{title}</h1>
          {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        <div className="flex shrink-0 gap-2">
          {/* External pages (CONTRACT DOCS_URL / CODEBASE_URL) open in a new tab without access to this one. */}
          {config.data && (
            <>
              <Button asChild variant="outline" size="sm" className="max-sm:size-9 max-sm:px-0">
                <a href={config.data.codebase_url} target="_blank" rel="noopener noreferrer">
                  <Download aria-hidden="true" />
                  <span className="max-sm:sr-only">Download Codebase</span>
                </a>
              </Button>
              <Button asChild variant="outline" size="sm" className="max-sm:size-9 max-sm:px-0">
                <a href={config.data.docs_url} target="_blank" rel="noopener noreferrer">
                  <BookOpen aria-hidden="true" />
                  <span className="max-sm:sr-only">Docs</span>
                </a>
              </Button>
            </>
          )}
          <Button
            variant="outline"
            size="sm"
            className="max-sm:size-9 max-sm:px-0"
            aria-keyshortcuts="F"
            title="Feedback (F)"
            onClick={openFeedback}
          >
            <MessageSquare aria-hidden="true" />
            <span className="max-sm:sr-only">Feedback</span>
          </Button>
        </div>
      </header>
      <main className="flex w-full flex-1 flex-col gap-6 px-4 py-6 sm:px-6">{children}</main>
    </>
  );
}
