import { ROLE_LABELS } from '@app/contract';
import { CreditCard, UserRound, Users, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { AppPage } from '@/app/layouts/app-page';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { UsageMeters } from '@/features/billing/components/usage-meters';
import { TenantInfoPanel } from '@/features/tenants/components/tenant-info-panel';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';
import { useSession } from '@/lib/session/use-session';
import { storage } from '@/lib/storage';

/** docs/spec.md section 9: the session display refreshes every 60000 ms. */
const SESSION_REFRESH_MS = 60_000;

const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function DashboardRoute() {
  const { email } = useSession();
  const { tenant, tenantUuid, isLoading } = useCurrentTenant();
  const name = email?.split('@')[0] ?? '';
  // docs/spec.md section 2: the greeting names the team, or welcomes back when there is none.
  const title = tenant ? `Welcome to ${tenant.name}, ${name}!` : `Welcome back, ${name}!`;

  return (
    <AppPage title={title} subtitle={longDate.format(new Date())}>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Getting Started</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <AccountCreated />
            <p>
              {isLoading
                ? 'Loading tenant information...'
                : tenant
                  ? `Access to ${tenant.name} as ${ROLE_LABELS[tenant.user_role]}.`
                  : 'No tenant selected'}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Account &amp; Session</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <SessionDetails email={email} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Quick Actions</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              {/* docs/spec.md section 2: Members goes to /members, which redirects to /settings. */}
              <QuickAction to={paths.app.members.getHref()} icon={Users} label="Members" />
              <QuickAction to={paths.app.settings.getHref()} icon={UserRound} label="Account" />
              <QuickAction to={paths.app.subscription.getHref()} icon={CreditCard} label="Subscription" />
            </ul>
          </CardContent>
        </Card>
        <TenantInfoPanel tenant={tenant} isLoading={isLoading} />
        {/* The stored team's usage is requested beside the list of teams, not after it. */}
        {tenantUuid && <UsageMeters tenantUuid={tenantUuid} />}
      </div>
    </AppPage>
  );
}

function AccountCreated() {
  const me = useMe();
  if (!me.data) return null;
  return <p>{`Your account was created on ${longDate.format(new Date(me.data.created_at))}.`}</p>;
}

/** Email, login time (storage 'loginTime') and the session's length so far, refreshed every minute. */
function SessionDetails({ email }: { email: string | null }) {
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
      <dt className="text-muted-foreground">Email</dt>
      <dd className="break-all">{email}</dd>
      <dt className="text-muted-foreground">Login time</dt>
      <dd>{isKnown ? dateTime.format(loginTime) : 'Unknown'}</dd>
      <dt className="text-muted-foreground">Session duration</dt>
      <dd>{isKnown ? formatDuration(now - loginTime.getTime()) : 'Unknown'}</dd>
    </dl>
  );
}

function formatDuration(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return minutes === 0 ? 'Less than a minute' : `${minutes}m`;
  return `${hours}h ${minutes % 60}m`;
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
