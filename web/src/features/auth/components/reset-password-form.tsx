import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import {
  confirmPasswordResetResolver,
  useConfirmPasswordReset,
} from '@/features/auth/api/confirm-password-reset';
import { NewPasswordFields } from '@/components/new-password-fields';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/translation';
import { usePreloadedResolver } from '@/lib/lazy-zod-resolver';

/** Sets a new password with the token of the reset mail; afterwards it only offers the way to sign in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const reset = useConfirmPasswordReset();
  const form = useForm({
    resolver: usePreloadedResolver(confirmPasswordResetResolver),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (reset.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert>
          <AlertDescription>{t('resetPassword.done')}</AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.auth.login.getHref()}>{t('resetPassword.goToSignIn')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, new_password: password }))}
      >
        {reset.isError && <ErrorAlert error={reset.error} fallback={t('resetPassword.failed')} />}
        <NewPasswordFields
          passwordLabel={t('resetPassword.newPassword')}
          confirmLabel={t('resetPassword.confirmNewPassword')}
        />
        <SubmitButton isPending={reset.isPending} pendingText={t('resetPassword.saving')}>
          {t('resetPassword.submit')}
        </SubmitButton>
      </form>
    </Form>
  );
}
