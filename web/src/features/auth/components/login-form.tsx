import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

import { SubmitButton } from '@/components/submit-button';
import { TextLink } from '@/components/text-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { login, loginResolver } from '@/features/auth/api/login';
import { useSignIn } from '@/features/auth/api/use-sign-in';
import { EmailField } from '@/features/auth/components/email-field';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { usePreloadedResolver } from '@/lib/lazy-zod-resolver';
import { clearSessionNotice, readSessionNotice } from '@/lib/session/session-store';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn(login, { onSuccess });
  const form = useForm({
    resolver: usePreloadedResolver(loginResolver),
    defaultValues: { email: '', password: '' },
  });
  // Why the last session ended ('Session expired, please log in again', docs/spec.md section 8), shown once, as the
  // page that ended the session wrote it.
  const [notice, setNotice] = useState(readSessionNotice);
  useEffect(clearSessionNotice, []);

  const error = signIn.isError ? getErrorText(signIn.error, t('login.failed')) : notice;

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          setNotice(null);
          signIn.mutate(values);
        })}
      >
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <EmailField />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between gap-2">
                <FormLabel>{t('login.password')}</FormLabel>
                <TextLink to={paths.auth.forgotPassword.getHref()} className="text-sm">
                  {t('login.forgotPassword')}
                </TextLink>
              </div>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SubmitButton isPending={signIn.isPending} pendingText={t('login.signingIn')}>
          {t('login.signIn')}
        </SubmitButton>
      </form>
    </Form>
  );
}
