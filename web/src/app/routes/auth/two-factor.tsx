import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { TextLink } from '@/components/text-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useVerifySecondStep } from '@/features/auth/api/two-factor';
import { CodeForm } from '@/features/auth/components/code-form';
import { getErrorText } from '@/lib/api-error';
import type { SecondStepState } from '@/lib/session/second-step';

const backToSignIn = (
  <p>
    Not you, or stuck? <TextLink to={paths.auth.login.getHref()}>Back to sign in</TextLink>
  </p>
);

/** The second step of a sign-in with two-factor on: a code from the authenticator app, or a recovery code. */
export default function TwoFactorRoute() {
  const { state } = useLocation() as { state: Partial<SecondStepState> | null };
  const navigate = useNavigate();
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useVerifySecondStep({
    onSuccess: () => void navigate(paths.app.dashboard.getHref(), { replace: true }),
  });

  if (!state?.mfaToken) {
    // Opened directly, or reloaded after the step was spent: the step lives only in the sign-in that started it.
    return (
      <AuthLayout title="Two-factor authentication" footer={backToSignIn}>
        <Alert>
          <AlertDescription>Your sign-in has expired. Sign in again.</AlertDescription>
        </Alert>
      </AuthLayout>
    );
  }
  const mfaToken = state.mfaToken;

  return (
    <AuthLayout
      title="Two-factor authentication"
      description={
        useRecovery
          ? 'Enter one of your recovery codes. Each code works once.'
          : 'Enter the code from your authenticator app to finish signing in.'
      }
      footer={backToSignIn}
    >
      <CodeForm
        key={useRecovery ? 'recovery' : 'totp'}
        kind={useRecovery ? 'recovery' : 'totp'}
        submitText="Verify"
        pendingText="Verifying…"
        isPending={verify.isPending}
        error={verify.isError ? getErrorText(verify.error, 'Verification failed') : null}
        onSubmit={(code) => verify.mutate({ mfa_token: mfaToken, code })}
      >
        <Button
          type="button"
          variant="link"
          className="justify-self-center"
          onClick={() => {
            verify.reset();
            setUseRecovery((current) => !current);
          }}
        >
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
      </CodeForm>
    </AuthLayout>
  );
}
