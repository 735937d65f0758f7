import { useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { EmailVerification } from '@/features/auth/components/email-verification';
import { useTranslation } from '@/lib/i18n/translation';

/** Open to anyone (docs/spec.md section 2): the link in the verification mail lands here, signed in or not. */
export default function VerifyEmailRoute() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title={t('verifyEmail.title')}>
      <EmailVerification token={searchParams.get('token')} />
    </AuthLayout>
  );
}
