import { useNavigate, useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { LoginForm } from '@/features/auth/components/login-form';
import { SsoSignIn } from '@/features/auth/components/sso-sign-in';
import { PasskeySignIn } from '@/features/passkeys/components/passkey-sign-in';
import { Trans, useTranslation } from '@/lib/i18n/translation';
import { afterSignInHref, pendingSsoLink } from '@/lib/session/sso-link';

export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const goOn = () => void navigate(afterSignInHref(), { replace: true });
  return (
    <AuthLayout
      title={t('login.title')}
      description={t('login.description')}
      footer={
        <p>
          <Trans
            t={t}
            i18nKey="login.noAccount"
            components={{ a: <TextLink to={paths.auth.register.getHref()} /> }}
          />
        </p>
      }
    >
      {/* A failed single sign-on lands here (docs/contract.md section 4): one fixed message, never the provider's. */}
      {searchParams.get('error') === 'sso' && (
        <Alert variant="destructive">
          <AlertDescription>{t('sso.error')}</AlertDescription>
        </Alert>
      )}
      {pendingSsoLink.read() && (
        <Alert>
          <AlertDescription>{t('sso.linkPending')}</AlertDescription>
        </Alert>
      )}
      <LoginForm onSuccess={goOn} />
      <PasskeySignIn onSuccess={goOn} />
      <SsoSignIn />
      <GoogleSignIn context="signin" onSuccess={goOn} />
    </AuthLayout>
  );
}
