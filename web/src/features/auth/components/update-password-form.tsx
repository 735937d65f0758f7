import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { SecondFactorCodeField } from '@/components/second-factor-code-field';
import { SignInAgain } from '@/components/sign-in-again';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { getUpdatePasswordInputSchema, useUpdatePassword } from '@/features/auth/api/update-password';
import { NewPasswordFields } from '@/components/new-password-fields';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { isCodeRefusal, useSecondFactorCode } from '@/lib/second-factor-code';

type UpdatePasswordFormProps = {
  /** From GET /auth/me: whether the current password must be given (docs/spec.md section 5). */
  hasPassword: boolean;
  /** From GET /auth/me: with two-factor on, the change is confirmed with a code (docs/contract.md section 4). */
  twoFactorEnabled: boolean;
};

/**
 * Sets a first password (invited and Google users have none) or changes the current one. A first password needs a
 * recent sign-in: the server's 403 comes with the way to one.
 */
export function UpdatePasswordForm({ hasPassword, twoFactorEnabled }: UpdatePasswordFormProps) {
  const { t } = useTranslation('account');
  const update = useUpdatePassword();
  const secondFactor = useSecondFactorCode(twoFactorEnabled);
  const form = useForm({
    // The rules follow hasPassword, which turns true once a first password is set, and the second factor.
    resolver: zodResolver(
      getUpdatePasswordInputSchema({
        hasPassword,
        askCode: secondFactor.isAsked,
        currentPasswordRequired: t('password.currentPasswordRequired'),
      }),
    ),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '', code: '' },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ currentPassword, password, code }) =>
          update.mutate(
            { old_password: hasPassword ? currentPassword : null, new_password: password, code },
            {
              onSuccess: () => form.reset(),
              onError: (error) => secondFactor.showRefusal(error, form.setError),
            },
          ),
        )}
      >
        {update.isError && !isCodeRefusal(update.error) && (
          <Alert variant="destructive">
            <AlertDescription className="grid gap-2">
              {getErrorText(update.error, t('password.failed'))}
              <SignInAgain error={update.error} />
            </AlertDescription>
          </Alert>
        )}
        {update.isSuccess && (
          <Alert>
            <AlertDescription>{t('password.updated')}</AlertDescription>
          </Alert>
        )}
        {hasPassword && (
          <FormField
            control={form.control}
            name="currentPassword"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('password.currentPassword')}</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="current-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <NewPasswordFields
          passwordLabel={t('password.newPassword')}
          confirmLabel={t('password.confirmNewPassword')}
        />
        {secondFactor.isAsked && <SecondFactorCodeField />}
        <SubmitButton isPending={update.isPending} pendingText={t('password.saving')}>
          {hasPassword ? t('password.change') : t('password.set')}
        </SubmitButton>
      </form>
    </Form>
  );
}
