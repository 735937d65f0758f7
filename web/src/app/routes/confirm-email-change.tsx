import { useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { EmailChangeConfirmation } from '@/features/account/components/email-change-confirmation';
import { useTranslation } from '@/lib/i18n/translation';

/** Open to anyone: the link mailed to the new address lands here, in whatever browser opens it. */
export default function ConfirmEmailChangeRoute() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title={t('confirmEmailChange.title')}>
      <EmailChangeConfirmation token={searchParams.get('token')} />
    </AuthLayout>
  );
}
