import { Boxes, CreditCard, House, Sparkles, Users, type LucideIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router';

import { UserMenu } from '@/app/layouts/user-menu';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { isPaid } from '@/features/billing/utils/subscription-status';
import { TeamSwitcher } from '@/features/tenants/components/team-switcher';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n/translation';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';
import { useSession } from '@/lib/session/use-session';

/** The pages of the sidebar, each named by its key in the `app` catalogue. */
const NAVIGATION = [
  { label: 'sidebar.home', href: paths.app.dashboard.getHref(), icon: House },
  { label: 'sidebar.items', href: paths.app.items.getHref(), icon: Boxes },
  { label: 'sidebar.team', href: paths.app.team.getHref(), icon: Users },
  { label: 'sidebar.subscription', href: paths.app.subscription.getHref(), icon: CreditCard },
] as const satisfies { label: string; href: string; icon: LucideIcon }[];

type AppSidebarProps = { collapsed?: boolean; onCreateTeam: () => void };

/** What the sidebar and the mobile drawer hold (docs/spec.md section 2). */
export function AppSidebar({ collapsed = false, onCreateTeam }: AppSidebarProps) {
  const { t } = useTranslation('app');
  const { isSuperAdmin } = useSession();
  const { tenant, tenantUuid, isLoading: isLoadingTeams } = useCurrentTenant();
  const subscription = useSubscription(tenantUuid ?? undefined);
  // docs/spec.md section 2: 'Upgrade Plan' shows unless the user is a super admin or the selected team's
  // subscription is active or trialing. A user without a team has no subscription, so it shows; otherwise
  // it waits until the team and its subscription are known rather than flicker for paid teams.
  const showUpgrade =
    !isSuperAdmin && (tenant ? !subscription.isPending && !isPaid(subscription.data) : !isLoadingTeams);

  return (
    <div className="flex h-full flex-col gap-4 p-3">
      <TeamSwitcher collapsed={collapsed} onCreateTeam={onCreateTeam} />
      <nav aria-label={t('sidebar.main')} className="flex-1">
        <ul className="grid gap-1">
          {NAVIGATION.map(({ label: key, href, icon: Icon }) => {
            const label = t(key);
            return (
              <li key={href}>
                <NavLink
                  to={href}
                  title={collapsed ? label : undefined}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
                      isActive && 'bg-muted text-foreground',
                      collapsed && 'justify-center',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className={cn(collapsed && 'sr-only')}>{label}</span>
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {showUpgrade && (
        <Button asChild size={collapsed ? 'icon' : 'default'} className={cn(!collapsed && 'w-full')}>
          <Link
            to={paths.app.subscription.getHref()}
            title={collapsed ? t('sidebar.upgradePlan') : undefined}
          >
            <Sparkles aria-hidden="true" />
            <span className={cn(collapsed && 'sr-only')}>{t('sidebar.upgradePlan')}</span>
          </Link>
        </Button>
      )}
      <div className="border-t border-border pt-3">
        <UserMenu collapsed={collapsed} />
      </div>
    </div>
  );
}
