import { AppPage } from '@/app/layouts/app-page';
import { ErrorAlert } from '@/components/error-alert';
import { TextLink } from '@/components/text-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { DangerZoneCard } from '@/features/account/components/danger-zone-card';
import { EmailCard } from '@/features/account/components/email-card';
import { useMe } from '@/features/auth/api/get-me';
import { AppearanceCard } from '@/features/auth/components/appearance-card';
import { LanguageCard } from '@/features/auth/components/language-card';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { SsoCard } from '@/features/auth/components/sso-card';
import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { UpdatePasswordForm } from '@/features/auth/components/update-password-form';
import { PasskeysCard } from '@/features/passkeys/components/passkeys-card';
import { useTranslation } from '@/lib/i18n/translation';
import { useTeamRuleRefusal } from '@/lib/session/team-rule-refusal';
import { useSession } from '@/lib/session/use-session';

export default function SettingsRoute() {
  const { t } = useTranslation('account');
  const { isImpersonating, email } = useSession();
  const me = useMe();
  const refusal = useTeamRuleRefusal();
  // An operator viewing as someone may not see or change how they sign in (docs/decisions/017): one notice, not a
  // page of cards each refused by the server.
  if (isImpersonating) {
    return (
      <AppPage title={t('page.title')} subtitle={t('page.subtitle')}>
        <Card className="w-full max-w-xl">
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('impersonating.title')}</h2>
            </CardTitle>
            <CardDescription className="[overflow-wrap:anywhere]">
              {t('impersonating.text', { email })}
            </CardDescription>
          </CardHeader>
        </Card>
      </AppPage>
    );
  }
  return (
    <AppPage title={t('page.title')} subtitle={t('page.subtitle')}>
      <div className="grid w-full max-w-xl gap-6">
        {refusal === 'two_factor_required' && (
          <Alert>
            <AlertDescription className="grid gap-2">
              <p>{t('teamRequiresTwoFactor')}</p>
              <TextLink to={paths.app.dashboard.getHref()} className="justify-self-start">
                {t('backToTeam')}
              </TextLink>
            </AlertDescription>
          </Alert>
        )}
        <SsoCard />
        <Card>
          {me.isPending ? (
            <CardContent className="flex justify-center py-6">
              <Spinner className="size-6 text-primary" />
            </CardContent>
          ) : me.isError ? (
            <CardContent>
              <ErrorAlert error={me.error} fallback={t('page.loadFailed')} />
            </CardContent>
          ) : (
            <>
              <CardHeader>
                {/* docs/spec.md section 2: 'Set Password' until the user has one, then 'Change Password'. */}
                <CardTitle asChild>
                  <h2>{me.data.has_password ? t('password.changeTitle') : t('password.setTitle')}</h2>
                </CardTitle>
                <CardDescription className="[overflow-wrap:anywhere]">
                  {t('password.signedInAs', { email: me.data.email })}
                </CardDescription>
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
            <AppearanceCard />
            <LanguageCard />
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
