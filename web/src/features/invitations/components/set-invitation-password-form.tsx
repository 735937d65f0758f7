import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { NewPasswordFields } from '@/components/new-password-fields';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import {
  setInvitationPasswordInputSchema,
  useSetInvitationPassword,
} from '@/features/invitations/api/set-invitation-password';
import { getErrorText } from '@/lib/api-error';
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
        {setPassword.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(setPassword.error, t('password.failed'))}</AlertDescription>
          </Alert>
        )}
        <NewPasswordFields />
        <SubmitButton isPending={setPassword.isPending} pendingText={t('password.saving')}>
          {t('password.submit')}
        </SubmitButton>
      </form>
    </Form>
  );
}
