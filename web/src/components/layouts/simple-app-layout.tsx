import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/use-session';

/**
 * A stand-in for the signed-in shell of SPEC section 2 (its own issue): the product name, the way to the
 * account page, and Logout.
 */
export function SimpleAppLayout({ title, children }: { title: string; children: ReactNode }) {
  const { signOut } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${title} · Tessera`}</title>
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to={paths.app.dashboard.getHref()}
            className="flex items-center gap-2 rounded-sm text-lg font-semibold tracking-tight"
          >
            <img src="/tessera.svg" alt="" className="size-7" />
            Tessera
          </Link>
          <nav aria-label="Account" className="flex items-center gap-1">
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.app.settings.getHref()}>Account</Link>
            </Button>
            <Button variant="outline" size="sm" onClick={signOut}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </nav>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
