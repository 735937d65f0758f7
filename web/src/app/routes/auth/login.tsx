import { useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { LoginForm } from '@/features/auth/components/login-form';
import { PasskeySignIn } from '@/features/passkeys/components/passkey-sign-in';

export default function LoginRoute() {
  const navigate = useNavigate();
  const goToDashboard = () => void navigate(paths.app.dashboard.getHref(), { replace: true });
  return (
    <AuthLayout
      title="Welcome Back"
      description="Sign in to your account"
      footer={
        <p>
          Don&apos;t have an account? <TextLink to={paths.auth.register.getHref()}>Sign up</TextLink>
        </p>
      }
    >
      <LoginForm onSuccess={goToDashboard} />
      <PasskeySignIn onSuccess={goToDashboard} />
      <GoogleSignIn context="signin" onSuccess={goToDashboard} />
    </AuthLayout>
  );
}
