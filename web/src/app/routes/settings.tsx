import { AppPage } from '@/app/layouts/app-page';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { DangerZoneCard } from '@/features/account/components/danger-zone-card';
import { EmailCard } from '@/features/account/components/email-card';
import { useMe } from '@/features/auth/api/get-me';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { UpdatePasswordForm } from '@/features/auth/components/update-password-form';
import { PasskeysCard } from '@/features/passkeys/components/passkeys-card';
import { getErrorText } from '@/lib/api-error';
import { useSession } from '@/lib/session/use-session';

export default function SettingsRoute() {
  const { isImpersonating, email } = useSession();
  const me = useMe();
  // An operator viewing as someone may not see or change how they sign in (docs/decisions/017): one notice, not a
  // page of cards each refused by the server.
  if (isImpersonating) {
    return (
      <AppPage title="Account" subtitle="Your sign-in details">
        <Card className="w-full max-w-xl">
          <CardHeader>
            <CardTitle asChild>
              <h2>Not available while viewing as another user</h2>
            </CardTitle>
            <CardDescription>
              {`The password, two-factor authentication, passkeys, sessions, email and data of ${email} are theirs alone. Stop viewing to return to your own account.`}
            </CardDescription>
          </CardHeader>
        </Card>
      </AppPage>
    );
  }
  return (
    <AppPage title="Account" subtitle="Your sign-in details">
      <div className="grid w-full max-w-xl gap-6">
        <Card>
          {me.isPending ? (
            <CardContent className="flex justify-center py-6">
              <Spinner className="size-6 text-primary" />
            </CardContent>
          ) : me.isError ? (
            <CardContent>
              <Alert variant="destructive">
                <AlertDescription>{getErrorText(me.error, 'Failed to load your account')}</AlertDescription>
              </Alert>
            </CardContent>
          ) : (
            <>
              <CardHeader>
                {/* docs/spec.md section 2: 'Set Password' until the user has one, then 'Change Password'. */}
                <CardTitle asChild>
                  <h2>{me.data.has_password ? 'Change Password' : 'Set Password'}</h2>
                </CardTitle>
                <CardDescription>{`Signed in as ${me.data.email}`}</CardDescription>
              </CardHeader>
              <CardContent>
                <UpdatePasswordForm
                  hasPassword={me.data.has_password}
                  twoFactorEnabled={me.data.two_factor_enabled}
                />
              </CardContent>
            </>
          )}
        </Card>
        {me.isSuccess && <TwoFactorCard me={me.data} />}
        {me.isSuccess && <PasskeysCard isVerified={me.data.is_verified} />}
        <SessionsCard />
        {me.isSuccess && (
          <>
            <EmailCard
              email={me.data.email}
              hasPassword={me.data.has_password}
              twoFactorEnabled={me.data.two_factor_enabled}
            />
            <DangerZoneCard
              email={me.data.email}
              hasPassword={me.data.has_password}
              twoFactorEnabled={me.data.two_factor_enabled}
            />
          </>
        )}
      </div>
    </AppPage>
  );
}
