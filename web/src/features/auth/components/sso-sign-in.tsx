import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { ssoStartResolver, useStartSso } from '@/features/auth/api/sso';
import { EmailField } from '@/features/auth/components/email-field';
import { useTranslation } from '@/lib/i18n/translation';
import { usePreloadedResolver } from '@/lib/lazy-zod-resolver';

/**
 * "Sign in with SSO" under the sign-in form: the work email, then the team's own provider (docs/contract.md
 * section 4, Enterprise identity). The browser leaves for the provider's page and comes back to /sso/complete.
 */
export function SsoSignIn() {
  const { t } = useTranslation('auth');
  const [isOpen, setIsOpen] = useState(false);
  if (!isOpen) {
    return (
      <Button type="button" variant="outline" className="w-full" onClick={() => setIsOpen(true)}>
        <Building2 aria-hidden="true" />
        {t('sso.signIn')}
      </Button>
    );
  }
  return <SsoEmailForm />;
}

function SsoEmailForm() {
  const { t } = useTranslation('auth');
  const start = useStartSso();
  const form = useForm({ resolver: usePreloadedResolver(ssoStartResolver), defaultValues: { email: '' } });
  // Pending until the provider's page has replaced this one.
  const isLeaving = start.isPending || start.isSuccess;
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={t('sso.title')}
        className="grid gap-4 rounded-md border border-border p-4"
        onSubmit={form.handleSubmit((body) => start.mutate(body))}
      >
        <div className="grid gap-1">
          <h2 className="text-sm font-medium">{t('sso.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('sso.description')}</p>
        </div>
        {start.isError && <ErrorAlert error={start.error} fallback={t('sso.failed')} />}
        {/* The email field takes the focus: the button that opened it is gone. */}
        <EmailField autoFocus />
        <SubmitButton isPending={isLeaving} pendingText={t('sso.redirecting')}>
          {t('sso.continue')}
        </SubmitButton>
      </form>
    </Form>
  );
}
