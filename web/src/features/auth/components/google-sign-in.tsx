import { useEffect, useRef, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { Spinner } from '@/components/ui/spinner';
import { googleLogin } from '@/features/auth/api/google-login';
import { useSignIn } from '@/features/auth/api/use-sign-in';
import { loadGoogleIdentity } from '@/features/auth/utils/load-google-identity';
import { useTranslation } from '@/lib/i18n/translation';
import { usePublicConfig } from '@/lib/public-config';

type GoogleSignInProps = {
  /** Which wording Google's button uses. */
  context: 'signin' | 'signup';
  onSuccess: () => void;
};

/** The 'or' divider and Google's own button; nothing at all unless the server has a Google client id. */
export function GoogleSignIn({ context, onSuccess }: GoogleSignInProps) {
  const { data: config } = usePublicConfig();
  const clientId = config?.google_client_id;
  if (!clientId) return null;
  return <GoogleButton clientId={clientId} context={context} onSuccess={onSuccess} />;
}

function GoogleButton({ clientId, context, onSuccess }: GoogleSignInProps & { clientId: string }) {
  const { t, i18n } = useTranslation('auth');
  // Google's button speaks the page's language.
  const locale = i18n.language;
  const googleSignIn = useSignIn(googleLogin, { onSuccess });
  const container = useRef<HTMLDivElement>(null);
  // The 'or' divider waits for Google's button, so a blocked script leaves no divider over nothing.
  const [isDrawn, setIsDrawn] = useState(false);
  // Google calls back long after the button was drawn; it must reach the current mutation.
  const signIn = useRef(googleSignIn.mutate);
  useEffect(() => {
    signIn.current = googleSignIn.mutate;
  });

  useEffect(() => {
    let isCurrent = true;
    loadGoogleIdentity()
      .then((google) => {
        const parent = container.current;
        if (!isCurrent || !parent) return;
        google.initialize({
          client_id: clientId,
          context,
          callback: ({ credential }) => {
            if (credential) signIn.current({ credential });
          },
        });
        // Google draws 200 to 400 px wide; match the form's width within that.
        const width = Math.min(400, Math.max(200, Math.round(parent.getBoundingClientRect().width)));
        google.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: context === 'signup' ? 'signup_with' : 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width,
          locale,
        });
        setIsDrawn(true);
      })
      // Without Google's script (blocked or offline) the page simply has no Google button.
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [clientId, context, locale]);

  return (
    <div className="grid gap-4">
      {isDrawn && (
        <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
          <span className="h-px flex-1 bg-border" />
          {t('google.or')}
          <span className="h-px flex-1 bg-border" />
        </div>
      )}
      {googleSignIn.isError && <ErrorAlert error={googleSignIn.error} fallback={t('google.failed')} />}
      <div ref={container} className="flex justify-center" />
      {googleSignIn.isPending && (
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t('google.signingIn')}
        </p>
      )}
    </div>
  );
}
