import { localBillingPaths } from '@app/contract/constants';

/** The one route table (docs/spec.md section 2): components link through `getHref`, the router matches `path`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    login: { path: '/login', getHref: () => '/login' },
    /** The second step of a sign-in with two-factor on; its mfa_token travels in the navigation state, not the URL. */
    twoFactor: { path: '/login/two-factor', getHref: () => '/login/two-factor' },
    register: { path: '/register', getHref: () => '/register' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
    verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
    confirmEmailChange: { path: '/confirm-email-change', getHref: () => '/confirm-email-change' },
    /** Where a sign-in through a team's provider lands, with the one-time code the page exchanges. */
    ssoComplete: { path: '/sso/complete', getHref: () => '/sso/complete' },
  },
  invitations: {
    accept: {
      path: '/tenants/invitations/:token/accept',
      getHref: (token: string) => `/tenants/invitations/${encodeURIComponent(token)}/accept`,
    },
  },
  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    items: { path: '/items', getHref: () => '/items' },
    settings: { path: '/settings', getHref: () => '/settings' },
    team: { path: '/team', getHref: () => '/team' },
    activity: { path: '/team/activity', getHref: () => '/team/activity' },
    developers: { path: '/team/developers', getHref: () => '/team/developers' },
    security: { path: '/team/security', getHref: () => '/team/security' },
    subscription: { path: '/subscription', getHref: () => '/subscription' },
    members: { path: '/members', getHref: () => '/members' },
  },
  /** The built-in test-mode provider's own pages (contract localBillingPaths), outside the signed-in shell. */
  billing: {
    checkout: { path: '/billing/checkout/:sessionId', getHref: localBillingPaths.checkout },
    portal: { path: '/billing/portal', getHref: localBillingPaths.portal },
  },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    users: { path: '/admin/users', getHref: () => '/admin/users' },
    user: {
      path: '/admin/users/:userId',
      getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
    },
    tenant: {
      path: '/admin/tenants/:tenantId',
      getHref: (tenantId: string) => `/admin/tenants/${encodeURIComponent(tenantId)}`,
    },
  },
} as const;
