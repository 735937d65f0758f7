import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import { EmailField } from '@/features/auth/components/email-field';
import {
  requestPasswordResetResolver,
  useRequestPasswordReset,
} from '@/features/auth/api/request-password-reset';
import { useTranslation } from '@/lib/i18n/translation';
import { usePreloadedResolver } from '@/lib/lazy-zod-resolver';

/** Asks for a reset link; the form stays usable afterwards, to send again or to another address. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: usePreloadedResolver(requestPasswordResetResolver),
    defaultValues: { email: '' },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => request.mutate(values))}
      >
        {request.isError && <ErrorAlert error={request.error} fallback={t('forgotPassword.failed')} />}
        {request.isSuccess && (
          <Alert>
            <AlertDescription>{t('forgotPassword.sent')}</AlertDescription>
          </Alert>
        )}
        <EmailField />
        <SubmitButton isPending={request.isPending} pendingText={t('forgotPassword.sending')}>
          {t('forgotPassword.submit')}
        </SubmitButton>
      </form>
    </Form>
  );
}
