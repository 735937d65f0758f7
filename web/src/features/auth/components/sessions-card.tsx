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
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/**
 * Where the account is signed in (docs/contract.md section 4, Sessions): each session's device, address and last
 * use, with this device marked; sign out one of the others, or all of them at once.
 */
export function SessionsCard() {
  const { t } = useTranslation('account');
  const format = useFormat();
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
      onSuccess: () => setEnded(t('sessions.signedOutOf', { device: describeDevice(session.user_agent, t) })),
    });
  };
  const signOutOthers = () => {
    endOne.reset();
    setEnded(null);
    endOthers.mutate(undefined, { onSuccess: () => setEnded(t('sessions.signedOutOthers')) });
  };

  const failure = endOne.isError
    ? getErrorText(endOne.error, t('sessions.endFailed'))
    : endOthers.isError
      ? getErrorText(endOthers.error, t('sessions.endOthersFailed'))
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('sessions.title')}</h2>
        </CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
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
          <QueryPending query={sessions} failure={t('sessions.loadFailed')} />
        ) : (
          <>
            <ul
              aria-label={t('sessions.listLabel')}
              className="grid divide-y divide-border rounded-md border border-border"
            >
              {listed.map((session) => {
                const device = describeDevice(session.user_agent, t);
                const lastActive = format.dateTime(session.last_used_at);
                const ending = endOne.isPending && endOne.variables === session.id;
                return (
                  <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <div className="grid min-w-0 gap-1">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                        {device}
                        {session.current && <Badge variant="outline">{t('sessions.thisDevice')}</Badge>}
                      </p>
                      <p className="text-sm break-words text-muted-foreground">
                        {t('sessions.lastActive', {
                          address: session.ip ?? t('sessions.unknownAddress'),
                          time: lastActive,
                        })}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {t('sessions.signedIn', { time: format.dateTime(session.created_at) })}
                        {session.sso_team !== null &&
                          ` · ${t('sessions.throughSso', { team: session.sso_team })}`}
                      </p>
                    </div>
                    {!session.current && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={endOne.isPending || endOthers.isPending}
                        aria-label={t('sessions.signOutDevice', { device, time: lastActive })}
                        onClick={() => signOut(session)}
                      >
                        {ending && <Spinner />}
                        {t('sessions.signOut')}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
            {sessions.data.nextCursor && (
              <p className="text-sm text-muted-foreground">
                {t('sessions.showing', { shown: sessions.data.items.length })}
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
                {t('sessions.signOutOthers')}
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmingOthers}
        onOpenChange={setConfirmingOthers}
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmText')}
        confirmLabel={t('sessions.confirmLabel')}
        onConfirm={signOutOthers}
      />
    </Card>
  );
}
