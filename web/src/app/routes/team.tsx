import { canManageTeam } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CodeXml, History, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

import { TenantPage } from '@/app/layouts/tenant-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { reachedLimit, useUsage } from '@/features/billing/api/get-usage';
import { SeatCostNotice } from '@/features/billing/components/seat-cost-notice';
import { useSeatPrice } from '@/features/billing/hooks/use-seat-price';
import { getPendingInvitationsQueryOptions } from '@/features/invitations/api/get-pending-invitations';
import { PendingInvitationsTable } from '@/features/invitations/components/pending-invitations-table';
import { InviteMembersDialog } from '@/features/members/components/invite-members-dialog';
import { MembersTable } from '@/features/members/components/members-table';
import { TeamSettingsForm } from '@/features/tenants/components/team-settings-form';
import { useTranslation } from '@/lib/i18n/translation';
import { useSession } from '@/lib/session/use-session';

/** Team Settings (docs/spec.md section 2): the team's name and description, its members and invitations. */
export default function TeamRoute() {
  const { t } = useTranslation('tenants');
  const { email } = useSession();
  const queryClient = useQueryClient();

  return (
    <TenantPage title={t('page.title')}>
      {(tenant) => {
        // docs/spec.md section 6: only a team admin (or the owner) invites; docs/contract.md section 4: and sees who is pending.
        const canManage = canManageTeam(tenant.user_role);
        // An invitation just sent joins the pending ones (the two features meet only here, on the page).
        const refreshPendingInvitations = () =>
          void queryClient.invalidateQueries({
            queryKey: getPendingInvitationsQueryOptions(tenant.uuid).queryKey,
          });
        return (
          <div className="grid max-w-4xl gap-6">
            <Card>
              <CardHeader className="flex flex-wrap items-center justify-between gap-3">
                <div className="grid gap-1.5">
                  <CardTitle asChild>
                    <h2>{t('page.details')}</h2>
                  </CardTitle>
                  <CardDescription>{t('page.detailsText')}</CardDescription>
                </div>
                {canManage && (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" asChild>
                      <Link to={paths.app.activity.getHref()}>
                        <History aria-hidden="true" />
                        {t('page.activity')}
                      </Link>
                    </Button>
                    <Button variant="outline" asChild>
                      <Link to={paths.app.developers.getHref()}>
                        <CodeXml aria-hidden="true" />
                        {t('page.developers')}
                      </Link>
                    </Button>
                    <Button variant="outline" asChild>
                      <Link to={paths.app.security.getHref()}>
                        <ShieldCheck aria-hidden="true" />
                        {t('page.security')}
                      </Link>
                    </Button>
                  </div>
                )}
              </CardHeader>
              <CardContent>
                <TeamSettingsForm key={tenant.uuid} tenant={tenant} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader className="flex flex-wrap items-center justify-between gap-3">
                <div className="grid gap-1.5">
                  <CardTitle asChild>
                    <h2>{t('page.members')}</h2>
                  </CardTitle>
                  <CardDescription>{t('page.membersText')}</CardDescription>
                </div>
                {canManage && (
                  <TeamInviteDialog
                    key={tenant.uuid}
                    tenantUuid={tenant.uuid}
                    onInvited={refreshPendingInvitations}
                  />
                )}
              </CardHeader>
              <CardContent>
                <MembersTable
                  key={tenant.uuid}
                  tenantUuid={tenant.uuid}
                  viewerRole={tenant.user_role}
                  viewerEmail={email}
                />
              </CardContent>
            </Card>
            {canManage && (
              <Card>
                <CardHeader>
                  <CardTitle asChild>
                    <h2>{t('page.pending')}</h2>
                  </CardTitle>
                  <CardDescription>{t('page.pendingText')}</CardDescription>
                </CardHeader>
                <CardContent>
                  <PendingInvitationsTable key={tenant.uuid} tenantUuid={tenant.uuid} />
                </CardContent>
              </Card>
            )}
          </div>
        );
      }}
    </TenantPage>
  );
}

/**
 * The invite dialog, told when the team's plan has no seat left (members and pending invitations), and what a seat
 * costs when the team pays per member (docs/contract.md section 4, Per-seat billing).
 */
function TeamInviteDialog({ tenantUuid, onInvited }: { tenantUuid: string; onInvited: () => void }) {
  const usage = useUsage(tenantUuid);
  const seatPrice = useSeatPrice(tenantUuid);
  return (
    <InviteMembersDialog
      tenantUuid={tenantUuid}
      onInvited={onInvited}
      limitReached={reachedLimit(usage.data?.members)}
      seatNotice={seatPrice && ((seats) => <SeatCostNotice price={seatPrice} seats={seats} />)}
    />
  );
}
