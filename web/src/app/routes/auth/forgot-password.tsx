import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { Trans, useTranslation } from '@/lib/i18n/translation';

export default function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={t('forgotPassword.title')}
      description={t('forgotPassword.description')}
      footer={
        <p>
          <Trans
            t={t}
            i18nKey="forgotPassword.remembered"
            components={{ a: <TextLink to={paths.auth.login.getHref()} /> }}
          />
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
