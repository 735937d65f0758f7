import { useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useTranslation } from '@/lib/i18n/translation';

export default function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthLayout
      title={t('resetPassword.title')}
      description={t('resetPassword.description')}
      footer={
        <p>
          <TextLink to={paths.auth.login.getHref()}>{t('resetPassword.backToSignIn')}</TextLink>
        </p>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        // docs/spec.md section 5: without a token there is nothing to submit.
        <Alert variant="destructive">
          <AlertDescription>
            <p>{t('resetPassword.invalidToken')}</p>
            <p>
              <TextLink to={paths.auth.forgotPassword.getHref()} className="text-destructive">
                {t('resetPassword.requestNew')}
              </TextLink>
            </p>
          </AlertDescription>
        </Alert>
      )}
    </AuthLayout>
  );
}
