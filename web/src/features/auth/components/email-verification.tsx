import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { getErrorText } from '@/lib/api-error';

/**
 * Spends the verification token once (docs/spec.md section 4). The token is single use, so the request must not
 * run twice, which React's StrictMode double effects would otherwise do; a ref outlives that remount.
 */
export function EmailVerification({ token }: { token: string | null }) {
  const verification = useVerifyEmail();
  const { mutate } = verification;
  const spentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || spentToken.current === token) return;
    spentToken.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return <Failure message="Invalid verification link. Please check your email and try again." />;
  }
  if (verification.isSuccess) {
    return (
      <>
        <p className="text-center text-sm text-muted-foreground">
          Your email address is verified and you are signed in.
        </p>
        <Button asChild className="w-full">
          <Link to={paths.app.dashboard.getHref()}>Go to Dashboard</Link>
        </Button>
      </>
    );
  }
  if (verification.isError) {
    return (
      <Failure
        message="Verification failed. The link may be expired or invalid."
        reason={getErrorText(verification.error, 'Email verification failed')}
      />
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
      <Spinner className="size-8 text-primary" />
      <p>Verifying your email address…</p>
    </div>
  );
}

/** docs/spec.md section 8's page failure text, and the server's own reason when there is one. */
function Failure({ message, reason }: { message: string; reason?: string }) {
  return (
    <>
      <Alert variant="destructive">
        <AlertTitle>{message}</AlertTitle>
        {reason && <AlertDescription>{reason}</AlertDescription>}
      </Alert>
      <Button asChild className="w-full">
        <Link to={paths.auth.login.getHref()}>Go to Sign In</Link>
      </Button>
    </>
  );
}
