import { useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { EmailChangeConfirmation } from '@/features/account/components/email-change-confirmation';

/** Open to anyone: the link mailed to the new address lands here, in whatever browser opens it. */
export default function ConfirmEmailChangeRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title="Email Change">
      <EmailChangeConfirmation token={searchParams.get('token')} />
    </AuthLayout>
  );
}
