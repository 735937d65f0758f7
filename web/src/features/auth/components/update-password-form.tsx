import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { getUpdatePasswordInputSchema, useUpdatePassword } from '@/features/auth/api/update-password';
import { NewPasswordFields } from '@/components/new-password-fields';
import { getErrorText } from '@/lib/api-error';

type UpdatePasswordFormProps = {
  /** From GET /auth/me: whether the current password must be given (docs/spec.md section 5). */
  hasPassword: boolean;
};

/** Sets a first password (invited and Google users have none) or changes the current one. */
export function UpdatePasswordForm({ hasPassword }: UpdatePasswordFormProps) {
  const update = useUpdatePassword();
  const form = useForm({
    // The rules follow hasPassword, which turns true once a first password is set.
    resolver: zodResolver(getUpdatePasswordInputSchema(hasPassword)),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ currentPassword, password }) =>
          update.mutate(
            { old_password: hasPassword ? currentPassword : null, new_password: password },
            { onSuccess: () => form.reset() },
          ),
        )}
      >
        {update.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(update.error, 'Failed to update password')}</AlertDescription>
          </Alert>
        )}
        {update.isSuccess && (
          <Alert>
            <AlertDescription>{update.data.message}</AlertDescription>
          </Alert>
        )}
        {hasPassword && (
          <FormField
            control={form.control}
            name="currentPassword"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Current password</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="current-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <NewPasswordFields passwordLabel="New password" confirmLabel="Confirm new password" />
        <SubmitButton isPending={update.isPending} pendingText="Saving…">
          {hasPassword ? 'Change password' : 'Set password'}
        </SubmitButton>
      </form>
    </Form>
  );
}
