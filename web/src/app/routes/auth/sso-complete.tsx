import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { exchangeSsoCode } from '@/features/auth/api/sso';
import { useSignIn } from '@/features/auth/api/use-sign-in';
import { ApiError, getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { pendingSsoLink } from '@/lib/session/sso-link';

/**
 * Where the team's provider sends the browser back (docs/contract.md section 4, Enterprise identity): the page
 * exchanges its one-time code for the session, once (a ref outlives StrictMode's second effect), and takes it out of
 * the address bar. An existing account is linked by its holder: the code waits in this tab while they sign in.
 */
export default function SsoCompleteRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const signIn = useSignIn(exchangeSsoCode, {
    onSuccess: () => void navigate(paths.app.dashboard.getHref(), { replace: true }),
  });
  const { mutate } = signIn;
  const spent = useRef<string | null>(null);
  useEffect(() => {
    if (!code || spent.current === code) return;
    spent.current = code;
    window.history.replaceState(window.history.state, '', paths.auth.ssoComplete.getHref());
    mutate({ code });
  }, [code, mutate]);

  const linkRequired = signIn.error instanceof ApiError && signIn.error.code === 'sso_link_required';
  useEffect(() => {
    if (linkRequired && code) pendingSsoLink.keep(code);
  }, [linkRequired, code]);

  if (linkRequired) {
    return (
      <AuthLayout title={t('sso.linkTitle')}>
        <p className="text-sm text-muted-foreground">{t('sso.linkText')}</p>
        <Button asChild className="w-full">
          <Link to={paths.auth.login.getHref()}>{t('sso.goToSignIn')}</Link>
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('sso.completeTitle')}>
      {!code || signIn.isError ? (
        <>
          <Alert variant="destructive">
            <AlertTitle>{t('sso.error')}</AlertTitle>
            {signIn.isError && getErrorText(signIn.error, '') && (
              <AlertDescription>{getErrorText(signIn.error, '')}</AlertDescription>
            )}
          </Alert>
          <Button asChild className="w-full">
            <Link to={paths.auth.login.getHref()}>{t('sso.goToSignIn')}</Link>
          </Button>
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground" role="status">
          <Spinner className="size-8 text-primary" />
          <p>{t('sso.completing')}</p>
        </div>
      )}
    </AuthLayout>
  );
}
