import { useLocation } from 'react-router';

import { Button } from '@/components/ui/button';

/** Shown when a page fails, most often because its code chunk is gone after a deploy. */
export function RouteError() {
  const { pathname, search } = useLocation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <title>Tessera</title>
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">This page could not be shown.</p>
      {/* A full page load, not a router navigation, so that a fresh build's files are fetched. */}
      <Button asChild>
        <a href={pathname + search}>Reload the page</a>
      </Button>
    </main>
  );
}
