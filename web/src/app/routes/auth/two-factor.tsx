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
import { Trans, useTranslation } from '@/lib/i18n/translation';
import type { SecondStepState } from '@/lib/session/second-step';
import { afterSignInHref } from '@/lib/session/sso-link';

/** The second step of a sign-in with two-factor on: a code from the authenticator app, or a recovery code. */
export default function TwoFactorRoute() {
  const { t } = useTranslation('auth');
  const { state } = useLocation() as { state: Partial<SecondStepState> | null };
  const navigate = useNavigate();
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useVerifySecondStep({
    onSuccess: () => void navigate(afterSignInHref(), { replace: true }),
  });
  const backToSignIn = (
    <p>
      <Trans
        t={t}
        i18nKey="twoFactor.backToSignIn"
        components={{ a: <TextLink to={paths.auth.login.getHref()} /> }}
      />
    </p>
  );

  if (!state?.mfaToken) {
    // Opened directly, or reloaded after the step was spent: the step lives only in the sign-in that started it.
    return (
      <AuthLayout title={t('twoFactor.title')} footer={backToSignIn}>
        <Alert>
          <AlertDescription>{t('twoFactor.expired')}</AlertDescription>
        </Alert>
      </AuthLayout>
    );
  }
  const mfaToken = state.mfaToken;

  return (
    <AuthLayout
      title={t('twoFactor.title')}
      description={useRecovery ? t('twoFactor.recoveryDescription') : t('twoFactor.totpDescription')}
      footer={backToSignIn}
    >
      <CodeForm
        key={useRecovery ? 'recovery' : 'totp'}
        kind={useRecovery ? 'recovery' : 'totp'}
        submitText={t('twoFactor.verify')}
        pendingText={t('twoFactor.verifying')}
        isPending={verify.isPending}
        error={verify.isError ? getErrorText(verify.error, t('twoFactor.failed')) : null}
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
          {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </Button>
      </CodeForm>
    </AuthLayout>
  );
}
