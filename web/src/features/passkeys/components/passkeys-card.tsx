import type { Passkey } from '@app/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryPending } from '@/components/query-pending';
import { SignInAgain } from '@/components/sign-in-again';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDeletePasskey } from '@/features/passkeys/api/delete-passkey';
import { usePasskeys } from '@/features/passkeys/api/get-passkeys';
import { useRegisterPasskey } from '@/features/passkeys/api/register-passkey';
import { isPromptDismissed, passkeyErrorText } from '@/features/passkeys/utils/passkey-error';
import { getErrorText } from '@/lib/api-error';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * The account's passkeys (docs/contract.md section 4): each one's name, when it was added and last used; add one
 * from this browser, or remove one after asking.
 */
/** `isVerified`: whether the account's email is verified (GET /auth/me); an unverified account cannot add one. */
export function PasskeysCard({ isVerified }: { isVerified: boolean }) {
  const { t } = useTranslation('passkeys');
  const format = useFormat();
  const passkeys = usePasskeys();
  const register = useRegisterPasskey();
  const remove = useDeletePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [supported] = useState(browserSupportsWebAuthn);

  const add = () => {
    remove.reset();
    setDone(null);
    register.mutate(undefined, { onSuccess: (passkey) => setDone(t('card.added', { name: passkey.name })) });
  };
  const confirmRemove = () => {
    if (!removing) return;
    const { id, name } = removing;
    register.reset();
    setDone(null);
    remove.mutate(id, { onSuccess: () => setDone(t('card.removed', { name })) });
  };

  const dismissed = register.isError && isPromptDismissed(register.error);
  const failure = register.isError
    ? passkeyErrorText(register.error, {
        fallback: t('card.addFailed'),
        dismissed: t('card.dismissed'),
        alreadyRegistered: t('card.alreadyRegistered'),
      })
    : remove.isError
      ? getErrorText(remove.error, t('card.removeFailed'))
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('card.title')}</h2>
        </CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failure && (
          <Alert variant={dismissed ? 'default' : 'destructive'}>
            <AlertDescription className="grid gap-2">
              {failure}
              <SignInAgain error={register.error} />
            </AlertDescription>
          </Alert>
        )}
        {done && (
          <Alert>
            <AlertDescription>{done}</AlertDescription>
          </Alert>
        )}
        {!passkeys.isSuccess ? (
          <QueryPending query={passkeys} failure={t('card.loadFailed')} />
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('card.empty')}</p>
        ) : (
          <ul
            aria-label={t('card.listLabel')}
            className="grid divide-y divide-border rounded-md border border-border"
          >
            {passkeys.data.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="grid min-w-0 gap-1">
                  <p className="flex items-center gap-2 text-sm font-medium break-words">
                    <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{passkey.name}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {passkey.last_used_at
                      ? t('card.lastUsed', {
                          added: format.date(passkey.created_at),
                          used: format.date(passkey.last_used_at),
                        })
                      : t('card.neverUsed', { added: format.date(passkey.created_at) })}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t('card.removeLabel', { name: passkey.name })}
                  onClick={() => setRemoving(passkey)}
                >
                  {remove.isPending && remove.variables === passkey.id && <Spinner />}
                  {t('card.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {!isVerified ? (
          <p className="text-sm text-muted-foreground">{t('card.verifyFirst')}</p>
        ) : supported ? (
          <div>
            <Button variant="outline" disabled={register.isPending} onClick={add}>
              {register.isPending && <Spinner />}
              {register.isPending ? t('card.waiting') : t('card.add')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('card.unsupported')}</p>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('card.confirmTitle')}
        description={t('card.confirmText', { name: removing?.name ?? '' })}
        confirmLabel={t('card.confirmLabel')}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
