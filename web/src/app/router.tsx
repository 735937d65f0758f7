import { useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';

import { GuestOnly, HomeRedirect, SignedInOnly, SuperAdminOnly } from '@/app/guards';
import { PageSpinner } from '@/components/page-spinner';
import { RouteError } from '@/components/route-error';
import { paths } from '@/config/paths';
import { loadCatalogues } from '@/lib/i18n/i18n';
import { NAMESPACES, SIGNED_OUT_NAMESPACES, type Namespace } from '@/lib/i18n/namespaces';

/**
 * Each page is its own chunk, fetched when its route is first matched, together with the catalogues it speaks from
 * (every one unless it names them), so that it never renders before its words.
 */
const page =
  (load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[] = NAMESPACES) =>
  async () => {
    const [module] = await Promise.all([load(), loadCatalogues(namespaces)]);
    return { Component: module.default };
  };

/** The signed-in shell (docs/spec.md section 2) around every signed-in page; its own chunk, unused by signed-out pages. */
const appShell = async () => {
  const [module] = await Promise.all([import('./layouts/app-shell'), loadCatalogues(NAMESPACES)]);
  return { Component: module.AppShell };
};

export const routes: RouteObject[] = [
  {
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: GuestOnly,
        children: [
          {
            path: paths.auth.login.path,
            lazy: page(() => import('./routes/auth/login'), SIGNED_OUT_NAMESPACES),
          },
          {
            path: paths.auth.twoFactor.path,
            lazy: page(() => import('./routes/auth/two-factor'), SIGNED_OUT_NAMESPACES),
          },
          {
            path: paths.auth.register.path,
            lazy: page(() => import('./routes/auth/register'), SIGNED_OUT_NAMESPACES),
          },
          {
            path: paths.auth.forgotPassword.path,
            lazy: page(() => import('./routes/auth/forgot-password'), SIGNED_OUT_NAMESPACES),
          },
          {
            path: paths.auth.resetPassword.path,
            lazy: page(() => import('./routes/auth/reset-password'), SIGNED_OUT_NAMESPACES),
          },
        ],
      },
      {
        path: paths.auth.verifyEmail.path,
        lazy: page(() => import('./routes/auth/verify-email'), SIGNED_OUT_NAMESPACES),
      },
      {
        path: paths.auth.ssoComplete.path,
        lazy: page(() => import('./routes/auth/sso-complete'), SIGNED_OUT_NAMESPACES),
      },
      {
        path: paths.auth.confirmEmailChange.path,
        lazy: page(() => import('./routes/confirm-email-change')),
      },
      { path: paths.invitations.accept.path, lazy: page(() => import('./routes/accept-invitation')) },
      {
        Component: SignedInOnly,
        children: [
          {
            lazy: appShell,
            children: [
              { path: paths.app.dashboard.path, lazy: page(() => import('./routes/dashboard')) },
              { path: paths.app.items.path, lazy: page(() => import('./routes/items')) },
              { path: paths.app.settings.path, lazy: page(() => import('./routes/settings')) },
              { path: paths.app.team.path, lazy: page(() => import('./routes/team')) },
              { path: paths.app.activity.path, lazy: page(() => import('./routes/activity')) },
              { path: paths.app.developers.path, lazy: page(() => import('./routes/developers')) },
              { path: paths.app.security.path, lazy: page(() => import('./routes/security')) },
              { path: paths.app.subscription.path, lazy: page(() => import('./routes/subscription')) },
            ],
          },
          // The test-mode provider's payment pages stand alone, as a real provider's would.
          { path: paths.billing.checkout.path, lazy: page(() => import('./routes/billing/checkout')) },
          { path: paths.billing.portal.path, lazy: page(() => import('./routes/billing/portal')) },
        ],
      },
      {
        Component: SuperAdminOnly,
        children: [
          {
            lazy: appShell,
            children: [
              { path: paths.admin.root.path, lazy: page(() => import('./routes/admin/admin')) },
              { path: paths.admin.tenant.path, lazy: page(() => import('./routes/admin/tenant')) },
              { path: paths.admin.users.path, lazy: page(() => import('./routes/admin/users')) },
              { path: paths.admin.user.path, lazy: page(() => import('./routes/admin/user')) },
            ],
          },
        ],
      },
      { path: paths.home.path, Component: HomeRedirect },
      { path: paths.app.members.path, element: <Navigate to={paths.app.settings.getHref()} replace /> },
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
