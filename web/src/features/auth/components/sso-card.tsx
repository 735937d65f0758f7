import { useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { SignInAgain } from '@/components/sign-in-again';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLinkSso, useSsoIdentities } from '@/features/auth/api/sso';
import { ApiError } from '@/lib/api-error';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';
import { pendingSsoLink } from '@/lib/session/sso-link';

/**
 * The account's single sign-on (docs/contract.md section 4): the providers' identities linked to it, and the link
 * that waits after an sso_link_required answer while this tab holds its code. Nothing when there is neither.
 */
export function SsoCard() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const identities = useSsoIdentities();
  const [code] = useState(pendingSsoLink.read);
  const link = useLinkSso();
  const linked = identities.data ?? [];
  if (!code && linked.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('sso.title')}</h2>
        </CardTitle>
        <CardDescription>
          {code && !link.isSuccess ? t('sso.linkText') : t('sso.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {linked.length > 0 && (
          <ul
            aria-label={t('sso.listLabel')}
            className="grid divide-y divide-border rounded-md border border-border"
          >
            {linked.map((identity) => (
              <li key={identity.issuer} className="grid gap-1 p-3 text-sm">
                <span className="font-medium">{identity.team ?? t('sso.teamGone')}</span>
                <span className="text-muted-foreground [overflow-wrap:anywhere]">
                  {t('sso.linkedAt', { issuer: identity.issuer, time: format.dateTime(identity.linked_at) })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {code &&
          (link.isSuccess ? (
            <Alert role="status">
              <AlertDescription>{t('sso.linked')}</AlertDescription>
            </Alert>
          ) : (
            <>
              {link.isError && (
                <div className="grid gap-2">
                  <ErrorAlert error={link.error} fallback={t('sso.failed')} />
                  <SignInAgain error={link.error} />
                </div>
              )}
              <SubmitButton
                type="button"
                className="w-full sm:w-auto"
                isPending={link.isPending}
                pendingText={t('sso.linking')}
                onClick={() =>
                  link.mutate(
                    { code },
                    {
                      // A code the server no longer takes (spent, late, another account's) is of no further use.
                      onSettled: (_, error) => {
                        if (!error || (error instanceof ApiError && error.code === 'sso_code_invalid'))
                          pendingSsoLink.clear();
                      },
                    },
                  )
                }
              >
                {t('sso.link')}
              </SubmitButton>
            </>
          ))}
      </CardContent>
    </Card>
  );
}
