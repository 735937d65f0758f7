import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { NewPasswordFields } from '@/components/new-password-fields';
import { SubmitButton } from '@/components/submit-button';
import { Form } from '@/components/ui/form';
import {
  setInvitationPasswordInputSchema,
  useSetInvitationPassword,
} from '@/features/invitations/api/set-invitation-password';
import { useTranslation } from '@/lib/i18n/translation';

type SetInvitationPasswordFormProps = { token: string; onDone: () => void };

/** A first password for the account the invitation created. */
export function SetInvitationPasswordForm({ token, onDone }: SetInvitationPasswordFormProps) {
  const { t } = useTranslation('invitations');
  const setPassword = useSetInvitationPassword();
  const form = useForm({
    resolver: zodResolver(setInvitationPasswordInputSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ password }) =>
          setPassword.mutate({ token, body: { password } }, { onSuccess: onDone }),
        )}
      >
        {setPassword.isError && <ErrorAlert error={setPassword.error} fallback={t('password.failed')} />}
        <NewPasswordFields />
        <SubmitButton isPending={setPassword.isPending} pendingText={t('password.saving')}>
          {t('password.submit')}
        </SubmitButton>
      </form>
    </Form>
  );
}
