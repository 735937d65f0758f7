import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConfirmEmailChange } from '@/features/account/api/confirm-email-change';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { useSession } from '@/lib/session/use-session';

/**
 * Spends the email-change link once. The token is single use, so the request must not run twice, which React's
 * StrictMode double effects would otherwise do; a ref outlives that remount.
 */
export function EmailChangeConfirmation({ token }: { token: string | null }) {
  // A page of the mailed link, which may open signed out: the `auth` catalogue that signed-out pages have.
  const { t } = useTranslation('auth');
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
        <Link to={paths.app.settings.getHref()}>{t('confirmEmailChange.goToSettings')}</Link>
      </Button>
    ) : (
      <Button asChild className="w-full">
        <Link to={paths.auth.login.getHref()}>{t('confirmEmailChange.goToSignIn')}</Link>
      </Button>
    );

  if (!token) {
    return (
      <>
        <Alert variant="destructive">
          <AlertTitle>{t('confirmEmailChange.invalidLink')}</AlertTitle>
        </Alert>
        {onward}
      </>
    );
  }
  if (confirmation.isSuccess) {
    return (
      <>
        <Alert>
          <AlertTitle className="[overflow-wrap:anywhere]">
            {t('confirmEmailChange.changed', { email: confirmation.data.email })}
          </AlertTitle>
          <AlertDescription>{t('confirmEmailChange.changedText')}</AlertDescription>
        </Alert>
        {onward}
      </>
    );
  }
  if (confirmation.isError) {
    return (
      <>
        <Alert variant="destructive">
          <AlertTitle>{t('confirmEmailChange.notChanged')}</AlertTitle>
          <AlertDescription>
            {getErrorText(confirmation.error, t('confirmEmailChange.failed'))}
          </AlertDescription>
        </Alert>
        {onward}
      </>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
      <Spinner className="size-8 text-primary" />
      <p>{t('confirmEmailChange.changing')}</p>
    </div>
  );
}
