import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

type AuthLayoutProps = {
  /** The page's one h1 and its document title. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links to the neighbouring signed-out pages. */
  footer?: ReactNode;
};

/** The signed-out pages: the product mark over one centred card, from a 390px phone to a wide screen. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10 sm:px-6">
      <title>{`${title} · Tessera`}</title>
      <div className="flex items-center gap-2">
        <img src="/tessera.svg" alt="" className="size-8" />
        <span className="text-lg font-semibold tracking-tight">Tessera</span>
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-6">{children}</CardContent>
        {footer && (
          <CardFooter className="flex-col justify-center gap-2 text-center text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        )}
      </Card>
    </main>
  );
}
