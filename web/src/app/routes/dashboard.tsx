import { CreditCard, UserRound, Users, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';

import { useTranslation } from '@/lib/i18n/translation';
import { Link } from 'react-router';

import { AppPage } from '@/app/layouts/app-page';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { UsageMeters } from '@/features/billing/components/usage-meters';
import { TeamRuleNotice } from '@/features/security/components/team-rule-notice';
import { TenantInfoPanel } from '@/features/tenants/components/tenant-info-panel';
import { useFormat } from '@/lib/i18n/format';
import type { TFunction } from '@/lib/i18n/translation';
import { useTeamRuleRefusal } from '@/lib/session/team-rule-refusal';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';
import { useSession } from '@/lib/session/use-session';
import { storage } from '@/lib/storage';

/** docs/spec.md section 9: the session display refreshes every 60000 ms. */
const SESSION_REFRESH_MS = 60_000;

export default function DashboardRoute() {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const format = useFormat();
  const { email } = useSession();
  const { tenant, tenantUuid, isLoading } = useCurrentTenant();
  const refusal = useTeamRuleRefusal();
  const name = email?.split('@')[0] ?? '';
  // docs/spec.md section 2: the greeting names the team, or welcomes back when there is none.
  const title = tenant
    ? t('dashboard.welcome', { team: tenant.name, name })
    : t('dashboard.welcomeBack', { name });

  return (
    <AppPage title={title} subtitle={format.weekdayDate(new Date())}>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {refusal && (
          <div className="lg:col-span-2">
            <TeamRuleNotice refusal={refusal} />
          </div>
        )}
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('dashboard.gettingStarted')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <AccountCreated />
            <p>
              {isLoading
                ? t('dashboard.loadingTenant')
                : tenant
                  ? t('dashboard.access', {
                      team: tenant.name,
                      role: tCommon(`roles.${tenant.user_role}`),
                    })
                  : t('tenant.noneSelected')}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('dashboard.accountSession')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <SessionDetails email={email} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('dashboard.quickActions')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              {/* docs/spec.md section 2: Members goes to /members, which redirects to /settings. */}
              <QuickAction to={paths.app.members.getHref()} icon={Users} label={t('dashboard.members')} />
              <QuickAction
                to={paths.app.settings.getHref()}
                icon={UserRound}
                label={t('dashboard.account')}
              />
              <QuickAction
                to={paths.app.subscription.getHref()}
                icon={CreditCard}
                label={t('dashboard.subscription')}
              />
            </ul>
          </CardContent>
        </Card>
        <TenantInfoPanel tenant={tenant} isLoading={isLoading} />
        {/* The stored team's usage is requested beside the list of teams, not after it. */}
        {tenantUuid && !refusal && <UsageMeters tenantUuid={tenantUuid} />}
      </div>
    </AppPage>
  );
}

function AccountCreated() {
  const { t } = useTranslation('app');
  const format = useFormat();
  const me = useMe();
  if (!me.data) return null;
  return <p>{t('dashboard.accountCreated', { date: format.weekdayDate(me.data.created_at) })}</p>;
}

/** Email, login time (storage 'loginTime') and the session's length so far, refreshed every minute. */
function SessionDetails({ email }: { email: string | null }) {
  const { t } = useTranslation('app');
  const format = useFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SESSION_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const stored = storage.get('loginTime');
  const loginTime = stored ? new Date(stored) : null;
  const isKnown = loginTime !== null && !Number.isNaN(loginTime.getTime());

  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted-foreground">{t('dashboard.email')}</dt>
      <dd className="break-all">{email}</dd>
      <dt className="text-muted-foreground">{t('dashboard.loginTime')}</dt>
      <dd>{isKnown ? format.dateTime(loginTime) : t('dashboard.unknown')}</dd>
      <dt className="text-muted-foreground">{t('dashboard.sessionDuration')}</dt>
      <dd>{isKnown ? formatDuration(now - loginTime.getTime(), t) : t('dashboard.unknown')}</dd>
    </dl>
  );
}

/** "Less than a minute", "5m", "2h 5m". */
function formatDuration(milliseconds: number, t: TFunction<'app'>): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return minutes === 0 ? t('dashboard.lessThanMinute') : t('dashboard.minutes', { minutes });
  return t('dashboard.hoursMinutes', { hours, minutes: minutes % 60 });
}

function QuickAction({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium transition-colors hover:bg-muted"
      >
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {label}
      </Link>
    </li>
  );
}
