import { useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { LoginForm } from '@/features/auth/components/login-form';
import { PasskeySignIn } from '@/features/passkeys/components/passkey-sign-in';
import { Trans, useTranslation } from '@/lib/i18n/translation';

export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const goToDashboard = () => void navigate(paths.app.dashboard.getHref(), { replace: true });
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
      <LoginForm onSuccess={goToDashboard} />
      <PasskeySignIn onSuccess={goToDashboard} />
      <GoogleSignIn context="signin" onSuccess={goToDashboard} />
    </AuthLayout>
  );
}
