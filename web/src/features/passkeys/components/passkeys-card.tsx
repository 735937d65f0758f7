import type { Passkey } from '@app/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryPending } from '@/components/query-pending';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SignInAgain } from '@/components/sign-in-again';
import { getErrorText } from '@/lib/api-error';

import { useDeletePasskey } from '@/features/passkeys/api/delete-passkey';
import { usePasskeys } from '@/features/passkeys/api/get-passkeys';
import { useRegisterPasskey } from '@/features/passkeys/api/register-passkey';
import { isPromptDismissed, passkeyErrorText } from '@/features/passkeys/utils/passkey-error';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * The account's passkeys (docs/contract.md section 4): each one's name, when it was added and last used; add one
 * from this browser, or remove one after asking.
 */
/** `isVerified`: whether the account's email is verified (GET /auth/me); an unverified account cannot add one. */
export function PasskeysCard({ isVerified }: { isVerified: boolean }) {
  const passkeys = usePasskeys();
  const register = useRegisterPasskey();
  const remove = useDeletePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [supported] = useState(browserSupportsWebAuthn);

  const add = () => {
    remove.reset();
    setDone(null);
    register.mutate(undefined, { onSuccess: (passkey) => setDone(`Added the passkey “${passkey.name}”.`) });
  };
  const confirmRemove = () => {
    if (!removing) return;
    const { id, name } = removing;
    register.reset();
    setDone(null);
    remove.mutate(id, { onSuccess: () => setDone(`Removed the passkey “${name}”.`) });
  };

  const dismissed = register.isError && isPromptDismissed(register.error);
  const failure = register.isError
    ? passkeyErrorText(register.error, 'Failed to add the passkey')
    : remove.isError
      ? getErrorText(remove.error, 'Failed to remove the passkey')
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Passkeys</h2>
        </CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of your password. A passkey stays on your
          device and works only on this site.
        </CardDescription>
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
          <QueryPending query={passkeys} failure="Failed to load your passkeys" />
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet</p>
        ) : (
          <ul aria-label="Passkeys" className="grid divide-y divide-border rounded-md border border-border">
            {passkeys.data.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="grid min-w-0 gap-1">
                  <p className="flex items-center gap-2 text-sm font-medium break-words">
                    <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 break-words">{passkey.name}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    Added {formatDate(passkey.created_at)} ·{' '}
                    {passkey.last_used_at ? `Last used ${formatDate(passkey.last_used_at)}` : 'Never used'}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={`Remove passkey ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                >
                  {remove.isPending && remove.variables === passkey.id && <Spinner />}
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {!isVerified ? (
          <p className="text-sm text-muted-foreground">Verify your email to add a passkey.</p>
        ) : supported ? (
          <div>
            <Button variant="outline" disabled={register.isPending} onClick={add}>
              {register.isPending && <Spinner />}
              {register.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            This browser cannot create passkeys. Open this page in a browser that supports them to add one.
          </p>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ''}” will no longer sign you in. You can add it again later.`}
        confirmLabel="Remove passkey"
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
