import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConfirmEmailChange } from '@/features/account/api/confirm-email-change';
import { getErrorText } from '@/lib/api-error';
import { useSession } from '@/lib/session/use-session';

/**
 * Spends the email-change link once. The token is single use, so the request must not run twice, which React's
 * StrictMode double effects would otherwise do; a ref outlives that remount.
 */
export function EmailChangeConfirmation({ token }: { token: string | null }) {
  const confirmation = useConfirmEmailChange();
  const { mutate } = confirmation;
  const spentToken = useRef<string | null>(null);
  const { status } = useSession();

  useEffect(() => {
    if (!token || spentToken.current === token) return;
    spentToken.current = token;
    mutate(token);
  }, [token, mutate]);

  const onward =
    status === 'authenticated' ? (
      <Button asChild className="w-full">
        <Link to={paths.app.settings.getHref()}>Go to Settings</Link>
      </Button>
    ) : (
      <Button asChild className="w-full">
        <Link to={paths.auth.login.getHref()}>Go to Sign In</Link>
      </Button>
    );

  if (!token) {
    return (
      <>
        <Alert variant="destructive">
          <AlertTitle>Invalid link. Please check your email and try again.</AlertTitle>
        </Alert>
        {onward}
      </>
    );
  }
  if (confirmation.isSuccess) {
    return (
      <>
        <Alert>
          <AlertTitle className="break-words">Your email is now {confirmation.data.email}</AlertTitle>
          <AlertDescription>
            Sign in with it from now on, with the same password. Every other session has been signed out.
          </AlertDescription>
        </Alert>
        {onward}
      </>
    );
  }
  if (confirmation.isError) {
    return (
      <>
        <Alert variant="destructive">
          <AlertTitle>Your email was not changed.</AlertTitle>
          <AlertDescription>{getErrorText(confirmation.error, 'The email change failed')}</AlertDescription>
        </Alert>
        {onward}
      </>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
      <Spinner className="size-8 text-primary" />
      <p>Changing your email…</p>
    </div>
  );
}
