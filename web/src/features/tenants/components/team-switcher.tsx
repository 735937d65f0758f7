import { ChevronsUpDown, Plus } from 'lucide-react';
import { useState } from 'react';

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useOpenUntilNavigation } from '@/hooks/use-open-until-navigation';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n/translation';
import { useCurrentTenant, useSwitchTenant } from '@/lib/session/use-current-tenant';

type TeamSwitcherProps = {
  /** The sidebar is collapsed to icons: only the team's initial shows. */
  collapsed?: boolean;
  onCreateTeam: () => void;
};

/** The team switcher at the top of the sidebar (docs/spec.md section 2). */
export function TeamSwitcher({ collapsed = false, onCreateTeam }: TeamSwitcherProps) {
  const { t } = useTranslation('tenants');
  const { tenants, tenant, isLoading } = useCurrentTenant();
  const switchTenant = useSwitchTenant();
  const [open, setOpen] = useOpenUntilNavigation();
  // The open menu stays inside the sidebar's landmark (the aside, or the navigation drawer on phones).
  const [landmark, setLandmark] = useState<HTMLDivElement | null>(null);
  const placeholder = isLoading ? t('switcher.loading') : t('switcher.none');

  return (
    <div ref={setLandmark}>
      <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            title={collapsed ? (tenant?.name ?? placeholder) : undefined}
            className={cn(
              'flex w-full items-center gap-3 rounded-md p-2 text-left text-sm transition-colors hover:bg-muted data-[state=open]:bg-muted',
              collapsed && 'justify-center',
            )}
          >
            <TeamInitial name={tenant?.name} />
            <span className={collapsed ? 'sr-only' : 'grid min-w-0 flex-1'}>
              <span className="sr-only">{t('switcher.current')}</span>
              <span className="truncate font-medium">{tenant?.name ?? placeholder}</span>
              {tenant && (
                <span className="truncate text-xs text-muted-foreground">
                  {t(`roles.${tenant.user_role}`)}
                </span>
              )}
            </span>
            {!collapsed && <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden="true" />}
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          side={collapsed ? 'right' : 'bottom'}
          className="w-64"
          container={landmark}
        >
          <DropdownMenuLabel>{t('switcher.teams')}</DropdownMenuLabel>
          {/* docs/spec.md section 9: the list scrolls at about 15rem. */}
          <div className="max-h-60 overflow-y-auto">
            {!tenants || tenants.length === 0 ? (
              <DropdownMenuItem disabled>{placeholder}</DropdownMenuItem>
            ) : (
              <DropdownMenuRadioGroup value={tenant?.uuid} onValueChange={switchTenant}>
                {tenants.map((team) => (
                  <DropdownMenuRadioItem key={team.uuid} value={team.uuid}>
                    <TeamInitial name={team.name} small />
                    <span className="grid min-w-0">
                      <span className="truncate">{team.name}</span>
                      <span className="truncate text-xs text-muted-foreground">
                        {t(`roles.${team.user_role}`)}
                      </span>
                    </span>
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            )}
          </div>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onCreateTeam}>
            <Plus aria-hidden="true" />
            {t('switcher.create')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function TeamInitial({ name, small = false }: { name: string | undefined; small?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-md bg-primary font-semibold text-primary-foreground',
        small ? 'size-6 text-xs' : 'size-8',
      )}
    >
      {Array.from(name?.trim() ?? '')[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
