import { ChevronsUpDown, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useStopImpersonation } from '@/features/admin/api/stop-impersonation';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { currentPlanId, trialEndText } from '@/features/billing/utils/subscription-status';
import { useOpenUntilNavigation } from '@/hooks/use-open-until-navigation';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/format';
import { useTranslation } from '@/lib/i18n/translation';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';
import { useSession } from '@/lib/session/use-session';

/** The bottom user menu of docs/spec.md section 2: email, plan, Account, Admin (super admins only, never while viewing as
 * someone) and Logout. */
export function UserMenu({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation('app');
  const { t: tBilling } = useTranslation('billing');
  const format = useFormat();
  const { email, isSuperAdmin, isImpersonating, signOut } = useSession();
  const stopImpersonation = useStopImpersonation();
  const [open, setOpen] = useOpenUntilNavigation();
  const { tenantUuid } = useCurrentTenant();
  const subscription = useSubscription(tenantUuid ?? undefined);
  // docs/spec.md section 2: the selected team's plan id, or 'Free Plan' without a subscription it still holds.
  const plan = currentPlanId(subscription.data) ?? t('userMenu.freePlan');
  const trial = trialEndText(subscription.data, tBilling, format);

  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          title={collapsed ? (email ?? undefined) : undefined}
          className={cn(
            'flex w-full items-center gap-3 rounded-md p-2 text-left text-sm transition-colors hover:bg-muted data-[state=open]:bg-muted',
            collapsed && 'justify-center',
          )}
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-foreground"
          >
            {email?.charAt(0).toUpperCase()}
          </span>
          <span className={collapsed ? 'sr-only' : 'grid min-w-0 flex-1'}>
            <span className="truncate font-medium">{email}</span>
            <span className="truncate text-xs text-muted-foreground">{plan}</span>
            {/* Wraps rather than truncates: the date is the point. */}
            {trial && <span className="text-xs text-muted-foreground">{trial}</span>}
          </span>
          {!collapsed && <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden="true" />}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" side={collapsed ? 'right' : 'top'} className="w-60">
        <DropdownMenuLabel className="truncate">{email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.app.settings.getHref()}>
            <UserRound aria-hidden="true" />
            {t('userMenu.account')}
          </Link>
        </DropdownMenuItem>
        {isSuperAdmin && (
          <DropdownMenuItem asChild>
            <Link to={paths.admin.root.getHref()}>
              <ShieldCheck aria-hidden="true" />
              {t('userMenu.admin')}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        {/* docs/contract.md section 4, Operators: viewing as someone, Logout stops that and keeps the operator signed in. */}
        <DropdownMenuItem onSelect={isImpersonating ? () => stopImpersonation.mutate() : signOut}>
          <LogOut aria-hidden="true" />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
