import type { AdminSubscription, AdminTenantDetail, AdminTenantUser } from '@app/contract';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  formatDate,
  isPaidStatus,
  planLabel,
  subscriptionStatusLabel,
} from '@/features/admin/components/display-formats';

/** The tenant detail page's content (docs/spec.md section 2, Admin): the team, its users and its subscription. */
export function AdminTenantDetails({ tenant }: { tenant: AdminTenantDetail }) {
  return (
    <div className="grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Tenant details</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm">
            <Detail label="Name">{tenant.name}</Detail>
            <Detail label="Description">
              {tenant.description ?? <em className="text-muted-foreground">No description</em>}
            </Detail>
            <Detail label="Tenant ID">
              <span className="font-mono text-xs break-all">{tenant.uuid}</span>
            </Detail>
            <Detail label="Created">{formatDate(tenant.created_at)}</Detail>
            <Detail label="Users">{tenant.user_count}</Detail>
            <Detail label="Stripe customer">
              <span className="font-mono text-xs break-all">{tenant.stripe_customer_id ?? '—'}</span>
            </Detail>
          </dl>
        </CardContent>
      </Card>
      <SubscriptionCard subscription={tenant.subscription} />
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle asChild>
            <h2>Users</h2>
          </CardTitle>
          <CardDescription>Everyone with access to this team.</CardDescription>
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

function UsersTable({ users }: { users: AdminTenantUser[] }) {
  if (users.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No users found</p>;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Verified</TableHead>
          <TableHead>Joined</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.uuid}>
            <TableCell className="whitespace-nowrap">{user.email}</TableCell>
            <TableCell>
              <Badge variant={ROLE_BADGES[user.role]}>{user.role.toUpperCase()}</Badge>
            </TableCell>
            <TableCell>
              <span className="inline-flex items-center gap-1.5">
                {user.is_verified ? (
                  <Check className="size-4 text-primary" aria-hidden="true" />
                ) : (
                  <X className="size-4 text-muted-foreground" aria-hidden="true" />
                )}
                {user.is_verified ? 'Yes' : 'No'}
              </span>
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(user.joined_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SubscriptionCard({ subscription }: { subscription: AdminSubscription | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Subscription</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {subscription ? (
          <dl className="grid gap-3 text-sm">
            <Detail label="Plan">{planLabel(subscription.plan_type)}</Detail>
            <Detail label="Status">
              <Badge variant={isPaidStatus(subscription.status) ? 'default' : 'secondary'}>
                {subscriptionStatusLabel(subscription.status)}
              </Badge>
            </Detail>
            <Detail label="Current period">
              {`${formatDate(subscription.current_period_start)} – ${formatDate(subscription.current_period_end)}`}
            </Detail>
            {subscription.status !== 'canceled' && (
              <Detail label="Renewal">
                {/* docs/spec.md section 4: 'Cancels on {date}' when set to cancel, otherwise 'Renews on {date}'. */}
                {`${subscription.cancel_at_period_end ? 'Cancels' : 'Renews'} on ${formatDate(subscription.current_period_end)}`}
              </Detail>
            )}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">No active subscription</p>
        )}
      </CardContent>
    </Card>
  );
}
