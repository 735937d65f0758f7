/**
 * The signed-in shell of docs/spec.md section 2, as the layout route of every signed-in page: the sidebar (collapsible
 * on desktop, a drawer on narrow screens), the tenant state of section 4 and the team onboarding modal.
 * Pages render their own top bar and content through AppPage.
 */
import { useEffect, useState } from 'react';
import { Outlet, useMatch, useNavigate } from 'react-router';

import { AppSidebar } from '@/app/layouts/app-sidebar';
import { ShellContext } from '@/app/layouts/shell-context';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useStopImpersonation } from '@/features/admin/api/stop-impersonation';
import { useMe } from '@/features/auth/api/get-me';
import { ImpersonationBanner } from '@/features/admin/components/impersonation-banner';
import { FeedbackDialog } from '@/features/feedback/components/feedback-dialog';
import { inviteEach } from '@/features/members/api/invite-member';
import { CreateTeamDialog } from '@/features/tenants/components/create-team-dialog';
import { useOpenUntilNavigation } from '@/hooks/use-open-until-navigation';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { applyAccountPreferences } from '@/lib/preferences';
import { cn } from '@/lib/cn';
import { useSelectedTenantUuid } from '@/lib/session/selected-tenant';
import { takeOperatorReturn } from '@/lib/session/session-store';
import { useCurrentTenant } from '@/lib/session/use-current-tenant';
import { useSession } from '@/lib/session/use-session';
import { storage } from '@/lib/storage';

export function AppShell() {
  const { t } = useTranslation('app');
  const { email, isImpersonating, signOut } = useSession();
  useAccountPreferences();
  const stopImpersonation = useStopImpersonation();
  const navigate = useNavigate();
  // A viewed account's session that ended on its own gave the operator theirs back (lib/session/session-store.ts):
  // they return to that account's admin page, as Stop would have taken them.
  useEffect(() => {
    const viewedUserUuid = takeOperatorReturn();
    if (viewedUserUuid) void navigate(paths.admin.user.getHref(viewedUserUuid), { replace: true });
  }, [email, navigate]);
  const { needsOnboarding, isError, error, reload } = useCurrentTenant();
  // An operator of the service usually has no team: on the console's pages the first-team dialog waits until asked
  // for (the team switcher says there is none and offers one); everywhere else it opens as docs/spec.md says.
  const onConsole = useMatch({ path: paths.admin.root.path, end: false }) !== null;
  const mustCreateTeam = needsOnboarding && !onConsole;
  // Feedback goes to the stored choice, which stands while the team list loads, and when it fails.
  const selectedTenantUuid = useSelectedTenantUuid();
  const [isSidebarCollapsed, setSidebarCollapsed] = useState(
    () => storage.get('sidebarCollapsed') === 'true',
  );
  const [isDrawerOpen, setDrawerOpen] = useOpenUntilNavigation();
  const [isCreateTeamOpen, setCreateTeamOpen] = useState(false);
  const [isFeedbackOpen, setFeedbackOpen] = useState(false);

  const toggleSidebar = () => {
    storage.set('sidebarCollapsed', String(!isSidebarCollapsed));
    setSidebarCollapsed(!isSidebarCollapsed);
  };
  // docs/spec.md section 5: a failed onboarding invite is listed with its error text, else 'Unknown error'.
  const sendInvites = (tenantUuid: string, invites: Parameters<typeof inviteEach>[1]) =>
    inviteEach(tenantUuid, invites, t('shell.unknownError'));
  const createTeam = () => {
    setDrawerOpen(false);
    setCreateTeamOpen(true);
  };

  return (
    <ShellContext.Provider
      value={{
        isSidebarCollapsed,
        toggleSidebar,
        openNavigation: () => setDrawerOpen(true),
        openFeedback: () => setFeedbackOpen(true),
      }}
    >
      <div className="flex min-h-dvh">
        <aside
          aria-label={t('shell.sidebar')}
          className={cn(
            'sticky top-0 hidden h-dvh shrink-0 border-r border-border bg-card transition-[width] md:block',
            isSidebarCollapsed ? 'w-16' : 'w-64',
          )}
        >
          <AppSidebar collapsed={isSidebarCollapsed} onCreateTeam={createTeam} />
        </aside>
        <Sheet open={isDrawerOpen} onOpenChange={setDrawerOpen}>
          <SheetContent>
            <SheetTitle>{t('shell.navigation')}</SheetTitle>
            <SheetDescription>{t('shell.navigationText')}</SheetDescription>
            <div className="h-full pt-8">
              <AppSidebar onCreateTeam={createTeam} />
            </div>
          </SheetContent>
        </Sheet>
        <div className="flex min-w-0 flex-1 flex-col">
          <ImpersonationBanner />
          {isError && (
            <Alert variant="destructive" className="rounded-none border-x-0 border-t-0">
              <AlertDescription className="flex flex-wrap items-center gap-3">
                {getErrorText(error, t('shell.loadTenantsFailed'))}
                <Button variant="outline" size="sm" onClick={reload}>
                  {t('shell.tryAgain')}
                </Button>
              </AlertDescription>
            </Alert>
          )}
          <Outlet />
        </div>
      </div>
      <CreateTeamDialog
        open={mustCreateTeam || isCreateTeamOpen}
        onOpenChange={setCreateTeamOpen}
        isFirstTeam={mustCreateTeam}
        sendInvites={sendInvites}
        onSignOut={isImpersonating ? () => stopImpersonation.mutate() : signOut}
      />
      <FeedbackDialog open={isFeedbackOpen} onOpenChange={setFeedbackOpen} tenantUuid={selectedTenantUuid} />
    </ShellContext.Provider>
  );
}

/** The app speaks the account's language in its theme (docs/contract.md section 4, Comfort), as soon as it is known. */
function useAccountPreferences() {
  const me = useMe();
  const locale = me.data?.locale;
  const theme = me.data?.theme;
  useEffect(() => {
    if (locale && theme) void applyAccountPreferences({ locale, theme });
  }, [locale, theme]);
}
