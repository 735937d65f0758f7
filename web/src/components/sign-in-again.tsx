import { Button } from '@/components/ui/button';
import { hasErrorCode } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { useSession } from '@/lib/session/use-session';

/**
 * Adding a second factor, setting a first password and signing out the other sessions ask for a sign-in of the last
 * few minutes (403 `recent_sign_in_required`, docs/contract.md section 4): the way to one, beside the server's reason.
 * Nothing for any other failure, another 403 (an operator viewing as the user, say) included.
 */
export function SignInAgain({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  if (!hasErrorCode(error, 'recent_sign_in_required')) return null;
  return (
    <Button variant="outline" size="sm" className="justify-self-start" onClick={signOut}>
      {t('signInAgain.button')}
    </Button>
  );
}
