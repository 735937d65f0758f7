import { KeyRound } from 'lucide-react';
import { useState } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePasskeyLogin } from '@/features/passkeys/api/passkey-login';
import { isPromptDismissed, passkeyErrorText } from '@/features/passkeys/utils/passkey-error';
import { useTranslation } from '@/lib/i18n/translation';

/** "Sign in with a passkey" under the sign-in form: any passkey this browser holds for the site, no email asked. */
export function PasskeySignIn({ onSuccess }: { onSuccess: () => void }) {
  // On the sign-in page: the `auth` catalogue, which that page has.
  const { t } = useTranslation('auth');
  const signIn = usePasskeyLogin({ onSuccess });
  // @simplewebauthn/browser's own check, written out: the library loads only when the button is pressed.
  const [supported] = useState(() => typeof globalThis.PublicKeyCredential === 'function');
  if (!supported) return null;
  return (
    <div className="grid gap-3">
      {signIn.isError && (
        <Alert variant={isPromptDismissed(signIn.error) ? 'default' : 'destructive'}>
          <AlertDescription>
            {passkeyErrorText(signIn.error, {
              fallback: t('passkey.failed'),
              dismissed: t('passkey.dismissed'),
            })}
          </AlertDescription>
        </Alert>
      )}
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        {signIn.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
        {signIn.isPending ? t('passkey.waiting') : t('passkey.signIn')}
      </Button>
    </div>
  );
}
