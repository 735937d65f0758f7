import { useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { RegisterForm } from '@/features/auth/components/register-form';
import { Trans, useTranslation } from '@/lib/i18n/translation';

export default function RegisterRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const goToDashboard = () => void navigate(paths.app.dashboard.getHref(), { replace: true });
  return (
    <AuthLayout
      title={t('register.title')}
      description={t('register.description')}
      footer={
        <p>
          <Trans
            t={t}
            i18nKey="register.haveAccount"
            components={{ a: <TextLink to={paths.auth.login.getHref()} /> }}
          />
        </p>
      }
    >
      <RegisterForm onSuccess={goToDashboard} />
      <GoogleSignIn context="signup" onSuccess={goToDashboard} />
    </AuthLayout>
  );
}
