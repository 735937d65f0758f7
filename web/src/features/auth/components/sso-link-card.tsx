import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { SignInAgain } from '@/components/sign-in-again';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { linkSso } from '@/features/auth/api/sso';
import { ApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { pendingSsoLink } from '@/lib/session/sso-link';

/**
 * The single sign-on that waits to be linked after an sso_link_required answer (docs/contract.md section 4): shown
 * while this tab holds its code; the holder, now signed in as usual, links it here.
 */
export function SsoLinkCard() {
  const { t } = useTranslation('account');
  const [code] = useState(pendingSsoLink.read);
  const link = useMutation({
    mutationFn: linkSso,
    onSettled: (_, error) => {
      // A code the server no longer takes (spent, late, another account's) is of no further use.
      if (!error || (error instanceof ApiError && error.code === 'sso_code_invalid')) pendingSsoLink.clear();
    },
  });
  if (!code) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('ssoLink.title')}</h2>
        </CardTitle>
        <CardDescription>{t('ssoLink.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {link.isSuccess ? (
          <Alert role="status">
            <AlertDescription>{t('ssoLink.linked')}</AlertDescription>
          </Alert>
        ) : (
          <>
            {link.isError && (
              <div className="grid gap-2">
                <ErrorAlert error={link.error} fallback={t('ssoLink.failed')} />
                <SignInAgain error={link.error} />
              </div>
            )}
            <SubmitButton
              type="button"
              className="w-full sm:w-auto"
              isPending={link.isPending}
              pendingText={t('ssoLink.linking')}
              onClick={() => link.mutate({ code })}
            >
              {t('ssoLink.link')}
            </SubmitButton>
          </>
        )}
      </CardContent>
    </Card>
  );
}
