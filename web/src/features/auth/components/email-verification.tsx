import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Spends the verification token once (docs/spec.md section 4). The token is single use, so the request must not
 * run twice, which React's StrictMode double effects would otherwise do; a ref outlives that remount.
 */
export function EmailVerification({ token }: { token: string | null }) {
  const { t } = useTranslation('auth');
  const verification = useVerifyEmail();
  const { mutate } = verification;
  const spentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || spentToken.current === token) return;
    spentToken.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return <Failure message={t('verifyEmail.invalidLink')} />;
  }
  if (verification.isSuccess) {
    return (
      <>
        <p className="text-center text-sm text-muted-foreground">{t('verifyEmail.verified')}</p>
        <Button asChild className="w-full">
          <Link to={paths.app.dashboard.getHref()}>{t('verifyEmail.goToDashboard')}</Link>
        </Button>
      </>
    );
  }
  if (verification.isError) {
    return (
      <Failure
        message={t('verifyEmail.failed')}
        reason={getErrorText(verification.error, t('verifyEmail.failedFallback'))}
      />
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
      <Spinner className="size-8 text-primary" />
      <p>{t('verifyEmail.verifying')}</p>
    </div>
  );
}

/** docs/spec.md section 8's page failure text, and the server's own reason when there is one. */
function Failure({ message, reason }: { message: string; reason?: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Alert variant="destructive">
        <AlertTitle>{message}</AlertTitle>
        {reason && <AlertDescription>{reason}</AlertDescription>}
      </Alert>
      <Button asChild className="w-full">
        <Link to={paths.auth.login.getHref()}>{t('verifyEmail.goToSignIn')}</Link>
      </Button>
    </>
  );
}
