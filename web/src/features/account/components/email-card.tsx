import { ChangeEmailBodySchema } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { SecondFactorCodeField } from '@/components/second-factor-code-field';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useChangeEmail } from '@/features/account/api/change-email';
import { Trans, useTranslation } from '@/lib/i18n/translation';
import { isCodeRefusal, secondFactorCodeInput, useSecondFactorCode } from '@/lib/second-factor-code';

type EmailCardProps = {
  /** From GET /auth/me. */
  email: string;
  /** Changing the email asks for the password: an account without one sets it first. */
  hasPassword: boolean;
  /** With two-factor on, the change is confirmed with a code as well. */
  twoFactorEnabled: boolean;
};

/** The account's address, and moving it to another one through a link mailed there (docs/contract.md section 4). */
export function EmailCard({ email, hasPassword, twoFactorEnabled }: EmailCardProps) {
  const { t } = useTranslation('account');
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('email.title')}</h2>
        </CardTitle>
        <CardDescription className="[overflow-wrap:anywhere]">
          <Trans
            t={t}
            i18nKey="email.current"
            values={{ email }}
            components={{ strong: <span className="font-medium text-foreground" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {hasPassword ? (
          <ChangeEmailForm currentEmail={email} twoFactorEnabled={twoFactorEnabled} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('email.setPasswordFirst')}</p>
        )}
      </CardContent>
    </Card>
  );
}

function ChangeEmailForm({
  currentEmail,
  twoFactorEnabled,
}: {
  currentEmail: string;
  twoFactorEnabled: boolean;
}) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const secondFactor = useSecondFactorCode(twoFactorEnabled);
  const form = useForm({
    resolver: zodResolver(
      ChangeEmailBodySchema.extend({ code: secondFactorCodeInput(secondFactor.isAsked) }),
    ),
    defaultValues: { new_email: '', password: '', code: '' },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((body) =>
          change.mutate(body, {
            onSuccess: () => form.reset(),
            onError: (error) => secondFactor.showRefusal(error, form.setError),
          }),
        )}
      >
        {change.isError && !isCodeRefusal(change.error) && (
          <ErrorAlert error={change.error} fallback={t('email.failed')} />
        )}
        {change.isSuccess && (
          <Alert>
            <AlertDescription className="[overflow-wrap:anywhere]">
              {t('email.sent', { newEmail: change.variables.new_email, currentEmail })}
            </AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="new_email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('email.newEmail')}</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('email.currentPassword')}</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {secondFactor.isAsked && <SecondFactorCodeField />}
        <SubmitButton isPending={change.isPending} pendingText={t('email.sending')}>
          {t('email.submit')}
        </SubmitButton>
      </form>
    </Form>
  );
}
