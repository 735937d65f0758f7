import { useSearchParams } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthLayout
      title="Set New Password"
      description="Choose a new password for your account."
      footer={
        <p>
          <TextLink to={paths.auth.login.getHref()}>Back to sign in</TextLink>
        </p>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        // docs/spec.md section 5: without a token there is nothing to submit.
        <Alert variant="destructive">
          <AlertDescription>
            <p>Invalid or missing reset token</p>
            <p>
              <TextLink to={paths.auth.forgotPassword.getHref()} className="text-destructive">
                Request a new reset link
              </TextLink>
            </p>
          </AlertDescription>
        </Alert>
      )}
    </AuthLayout>
  );
}
