import type { Session } from '@app/contract';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryPending } from '@/components/query-pending';
import { SignInAgain } from '@/components/sign-in-again';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useEndOtherSessions, useEndSession, useSessions } from '@/features/auth/api/sessions';
import { describeDevice } from '@/features/auth/utils/describe-device';
import { getErrorText } from '@/lib/api-error';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

/**
 * Where the account is signed in (docs/contract.md section 4, Sessions): each session's device, address and last
 * use, with this device marked; sign out one of the others, or all of them at once.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmingOthers, setConfirmingOthers] = useState(false);
  const [ended, setEnded] = useState<string | null>(null);
  const others = sessions.data?.items.filter((session) => !session.current) ?? [];
  // This device first, then the others by their last use, as the server orders them.
  const listed = [...(sessions.data?.items.filter((session) => session.current) ?? []), ...others];

  const signOut = (session: Session) => {
    endOthers.reset();
    setEnded(null);
    endOne.mutate(session.id, {
      onSuccess: () => setEnded(`Signed out of ${describeDevice(session.user_agent)}.`),
    });
  };
  const signOutOthers = () => {
    endOne.reset();
    setEnded(null);
    endOthers.mutate(undefined, { onSuccess: () => setEnded('Signed out of all other sessions.') });
  };

  const failure = endOne.isError
    ? getErrorText(endOne.error, 'Failed to sign out the session')
    : endOthers.isError
      ? getErrorText(endOthers.error, 'Failed to sign out the other sessions')
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Sessions</h2>
        </CardTitle>
        <CardDescription>
          Where your account is signed in. Sign out of any session you do not recognise, then change your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failure && (
          <Alert variant="destructive">
            <AlertDescription className="grid gap-2">
              {failure}
              <SignInAgain error={endOthers.error} />
            </AlertDescription>
          </Alert>
        )}
        {ended && (
          <Alert>
            <AlertDescription>{ended}</AlertDescription>
          </Alert>
        )}
        {!sessions.isSuccess ? (
          <QueryPending query={sessions} failure="Failed to load your sessions" />
        ) : (
          <>
            <ul aria-label="Sessions" className="grid divide-y divide-border rounded-md border border-border">
              {listed.map((session) => {
                const device = describeDevice(session.user_agent);
                const ending = endOne.isPending && endOne.variables === session.id;
                return (
                  <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <div className="grid min-w-0 gap-1">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                        {device}
                        {session.current && <Badge variant="outline">This device</Badge>}
                      </p>
                      <p className="text-sm break-words text-muted-foreground">
                        {session.ip ?? 'Unknown address'} · Last active {formatTime(session.last_used_at)}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        Signed in {formatTime(session.created_at)}
                      </p>
                    </div>
                    {!session.current && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={endOne.isPending || endOthers.isPending}
                        aria-label={`Sign out ${device}, last active ${formatTime(session.last_used_at)}`}
                        onClick={() => signOut(session)}
                      >
                        {ending && <Spinner />}
                        Sign out
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
            {sessions.data.nextCursor && (
              <p className="text-sm text-muted-foreground">
                Showing the {sessions.data.items.length} most recently used sessions.
              </p>
            )}
            <div>
              <Button
                variant="outline"
                className="text-destructive"
                disabled={others.length === 0 && !sessions.data.nextCursor}
                onClick={() => setConfirmingOthers(true)}
              >
                {endOthers.isPending && <Spinner />}
                Sign out all other sessions
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmingOthers}
        onOpenChange={setConfirmingOthers}
        title="Sign out all other sessions?"
        description="Every other browser and device signed in to your account is signed out at once. This one stays signed in."
        confirmLabel="Sign out others"
        onConfirm={signOutOthers}
      />
    </Card>
  );
}
