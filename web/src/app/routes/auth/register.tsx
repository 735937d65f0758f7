import { useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  const navigate = useNavigate();
  const goToDashboard = () => void navigate(paths.app.dashboard.getHref(), { replace: true });
  return (
    <AuthLayout
      title="Create Account"
      description="Sign up to get started"
      footer={
        <p>
          Already have an account? <TextLink to={paths.auth.login.getHref()}>Sign in</TextLink>
        </p>
      }
    >
      <RegisterForm onSuccess={goToDashboard} />
      <GoogleSignIn context="signup" onSuccess={goToDashboard} />
    </AuthLayout>
  );
}
