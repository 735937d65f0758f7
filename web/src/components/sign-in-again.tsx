import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session/use-session';

/**
 * Adding a second factor, setting a first password and signing out the other sessions ask for a sign-in of the last
 * few minutes (403, docs/contract.md section 4): the way to one, beside the server's reason. Nothing for any other
 * failure.
 */
export function SignInAgain({ error }: { error: unknown }) {
  const { signOut } = useSession();
  if (!(error instanceof ApiError && error.status === 403)) return null;
  return (
    <Button variant="outline" size="sm" className="justify-self-start" onClick={signOut}>
      Sign in again
    </Button>
  );
}
