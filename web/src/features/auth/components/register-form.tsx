import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Form } from '@/components/ui/form';
import { register, registerResolver } from '@/features/auth/api/register';
import { useSignIn } from '@/features/auth/api/use-sign-in';
import { NewPasswordFields } from '@/components/new-password-fields';
import { EmailField } from '@/features/auth/components/email-field';
import { useTranslation } from '@/lib/i18n/translation';
import { usePreloadedResolver } from '@/lib/lazy-zod-resolver';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('auth');
  const registration = useSignIn(register, { onSuccess });
  const form = useForm({
    resolver: usePreloadedResolver(registerResolver),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ email, password }) => registration.mutate({ email, password }))}
      >
        {registration.isError && <ErrorAlert error={registration.error} fallback={t('register.failed')} />}
        <EmailField />
        <NewPasswordFields />
        <SubmitButton isPending={registration.isPending} pendingText={t('register.creating')}>
          {t('register.submit')}
        </SubmitButton>
      </form>
    </Form>
  );
}
