import { useEffect, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAcceptInvitation } from '@/features/invitations/api/accept-invitation';
import { SetInvitationPasswordForm } from '@/features/invitations/components/set-invitation-password-form';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import type { SecondStepState } from '@/lib/session/second-step';

/**
 * Accepts the invitation once (docs/spec.md section 4: accepting, then success or error). The token is single use,
 * so the request must not run twice, which React's StrictMode double effects would otherwise do; a ref
 * outlives that remount.
 */
export function InvitationAcceptance({ token }: { token: string }) {
  const { t } = useTranslation('invitations');
  const acceptance = useAcceptInvitation();
  const { mutate } = acceptance;
  const spentToken = useRef<string | null>(null);
  const [hasSetPassword, setHasSetPassword] = useState(false);

  useEffect(() => {
    if (spentToken.current === token) return;
    spentToken.current = token;
    mutate(token);
  }, [token, mutate]);

  if (acceptance.isSuccess) {
    const { data } = acceptance;
    if ('mfa_required' in data) {
      const state: SecondStepState = { mfaToken: data.mfa_token };
      return <Navigate to={paths.auth.twoFactor.getHref()} state={state} replace />;
    }
    const { tenant_name, email, has_password } = data;
    const offerPassword = !has_password && !hasSetPassword;
    return (
      <AuthLayout
        title={t('acceptance.welcome', { team: tenant_name })}
        description={t('acceptance.joined', { team: tenant_name, email })}
      >
        {offerPassword && (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">{t('acceptance.noPassword')}</p>
            <SetInvitationPasswordForm token={token} onDone={() => setHasSetPassword(true)} />
          </div>
        )}
        {hasSetPassword && (
          <Alert>
            <AlertDescription>{t('acceptance.passwordSet')}</AlertDescription>
          </Alert>
        )}
        <Button asChild variant={offerPassword ? 'outline' : 'default'} className="w-full">
          <Link to={paths.app.dashboard.getHref()}>{t('acceptance.dashboard')}</Link>
        </Button>
      </AuthLayout>
    );
  }

  if (acceptance.isError) {
    return (
      <AuthLayout title={t('acceptance.errorTitle')}>
        <Alert variant="destructive">
          <AlertTitle>{t('acceptance.errorText')}</AlertTitle>
          <AlertDescription>{getErrorText(acceptance.error, t('acceptance.failed'))}</AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.auth.login.getHref()}>{t('acceptance.login')}</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('acceptance.processingTitle')}>
      <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
        <Spinner className="size-8 text-primary" />
        <p>{t('acceptance.accepting')}</p>
      </div>
    </AuthLayout>
  );
}
