import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Reset Password"
      description="Enter your email and we will send you a link to reset your password."
      footer={
        <p>
          Remembered it? <TextLink to={paths.auth.login.getHref()}>Back to sign in</TextLink>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
