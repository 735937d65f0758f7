import type { AdminSubscription, AdminTenantDetail, AdminTenantUser } from '@app/contract';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  isPaidStatus,
  planLabel,
  subscriptionStatusLabel,
} from '@/features/admin/components/display-formats';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';

/** The tenant detail page's content (docs/spec.md section 2, Admin): the team, its users and its subscription. */
export function AdminTenantDetails({ tenant }: { tenant: AdminTenantDetail }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <div className="grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t('tenant.detailsTitle')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm">
            <Detail label={t('tenant.name')}>{tenant.name}</Detail>
            <Detail label={t('tenant.description')}>
              {tenant.description ?? <em className="text-muted-foreground">{t('tenant.noDescription')}</em>}
            </Detail>
            <Detail label={t('tenant.id')}>
              <span className="font-mono text-xs break-all">{tenant.uuid}</span>
            </Detail>
            <Detail label={t('tenant.created')}>{format.date(tenant.created_at)}</Detail>
            <Detail label={t('tenant.users')}>{tenant.user_count}</Detail>
            <Detail label={t('tenant.stripeCustomer')}>
              <span className="font-mono text-xs break-all">{tenant.stripe_customer_id ?? '—'}</span>
            </Detail>
          </dl>
        </CardContent>
      </Card>
      <SubscriptionCard subscription={tenant.subscription} />
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle asChild>
            <h2>{t('tenant.usersTitle')}</h2>
          </CardTitle>
          <CardDescription>{t('tenant.usersText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <UsersTable users={tenant.users} />
        </CardContent>
      </Card>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** docs/spec.md section 3: in the admin view roles are upper case, ADMIN highlighted. */
const ROLE_BADGES = { owner: 'default', admin: 'info', member: 'secondary' } as const;
const ROLE_KEYS = {
  owner: 'tenant.roles.owner',
  admin: 'tenant.roles.admin',
  member: 'tenant.roles.member',
} as const;

function UsersTable({ users }: { users: AdminTenantUser[] }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  if (users.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{t('tenant.noUsers')}</p>;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('tenant.email')}</TableHead>
          <TableHead>{t('tenant.role')}</TableHead>
          <TableHead>{t('tenant.verified')}</TableHead>
          <TableHead>{t('tenant.joined')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.uuid}>
            <TableCell className="font-medium [overflow-wrap:anywhere] sm:font-normal sm:whitespace-nowrap">
              {user.email}
            </TableCell>
            <TableCell label={t('tenant.role')}>
              <span>
                <Badge variant={ROLE_BADGES[user.role]}>{t(ROLE_KEYS[user.role])}</Badge>
              </span>
            </TableCell>
            <TableCell label={t('tenant.verified')}>
              <span className="inline-flex items-center gap-1.5">
                {user.is_verified ? (
                  <Check className="size-4 text-primary" aria-hidden="true" />
                ) : (
                  <X className="size-4 text-muted-foreground" aria-hidden="true" />
                )}
                {user.is_verified ? t('tenant.yes') : t('tenant.no')}
              </span>
            </TableCell>
            <TableCell label={t('tenant.joined')} className="whitespace-nowrap">
              {format.date(user.joined_at)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SubscriptionCard({ subscription }: { subscription: AdminSubscription | null }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('tenant.subscriptionTitle')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {subscription ? (
          <dl className="grid gap-3 text-sm">
            <Detail label={t('tenant.plan')}>{planLabel(subscription.plan_type, t)}</Detail>
            <Detail label={t('tenant.status')}>
              <Badge variant={isPaidStatus(subscription.status) ? 'default' : 'secondary'}>
                {subscriptionStatusLabel(subscription.status, t)}
              </Badge>
            </Detail>
            <Detail label={t('tenant.currentPeriod')}>
              {t('tenant.period', {
                start: format.date(subscription.current_period_start),
                end: format.date(subscription.current_period_end),
              })}
            </Detail>
            {subscription.status !== 'canceled' && (
              <Detail label={t('tenant.renewal')}>
                {/* docs/spec.md section 4: 'Cancels on {date}' when set to cancel, otherwise 'Renews on {date}'. */}
                {t(subscription.cancel_at_period_end ? 'tenant.cancelsOn' : 'tenant.renewsOn', {
                  date: format.date(subscription.current_period_end),
                })}
              </Detail>
            )}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">{t('tenant.noSubscription')}</p>
        )}
      </CardContent>
    </Card>
  );
}
