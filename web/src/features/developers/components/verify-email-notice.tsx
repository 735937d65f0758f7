import { MailWarning } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useResendVerification } from '@/features/developers/api/resend-verification';
import { LiveNotice } from '@/features/developers/components/live-notice';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Shown instead of the Create API key and Add endpoint forms while the account's email is unverified (the server
 * refuses both with `email_unverified`): why, and a button that mails a new verification link.
 */
export function VerifyEmailNotice() {
  const { t } = useTranslation('developers');
  const resend = useResendVerification();

  return (
    <div className="grid min-w-0 gap-3">
      <Alert>
        <MailWarning aria-hidden="true" />
        <AlertDescription className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
          <p className="min-w-0 flex-[1_1_16rem]">{t('verifyEmail.text')}</p>
          <Button
            variant="outline"
            size="sm"
            className="max-sm:w-full"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending && <Spinner />}
            {t('verifyEmail.resend')}
          </Button>
        </AlertDescription>
      </Alert>
      <LiveNotice>{resend.isSuccess ? t('verifyEmail.sent') : null}</LiveNotice>
      {resend.isError && <ErrorAlert error={resend.error} fallback={t('verifyEmail.failed')} />}
    </div>
  );
}
