/**
 * What each fetcher's call carries: whether it is signed in, and which team it names. Each fetcher says so
 * itself (publicFetch or apiFetch, and its tenantUuid); this holds every one of them to that list in one place.
 */
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { changeEmail } from '@/features/account/api/change-email';
import { confirmEmailChange } from '@/features/account/api/confirm-email-change';
import { deleteAccount } from '@/features/account/api/delete-account';
import { getAccountExport } from '@/features/account/api/export-account';
import { getAdminFeedback } from '@/features/admin/api/get-admin-feedback';
import { getAdminTenant } from '@/features/admin/api/get-admin-tenant';
import { getAdminTenants } from '@/features/admin/api/get-admin-tenants';
import { confirmPasswordReset } from '@/features/auth/api/confirm-password-reset';
import { createApiKey } from '@/features/developers/api/create-api-key';
import { createWebhook } from '@/features/developers/api/create-webhook';
import { deleteWebhook } from '@/features/developers/api/delete-webhook';
import { getApiKeys } from '@/features/developers/api/get-api-keys';
import { getWebhookDeliveries } from '@/features/developers/api/get-webhook-deliveries';
import { getWebhooks } from '@/features/developers/api/get-webhooks';
import { resendVerification } from '@/features/developers/api/resend-verification';
import { retryWebhookDelivery } from '@/features/developers/api/retry-webhook-delivery';
import { revokeApiKey } from '@/features/developers/api/revoke-api-key';
import { testWebhook } from '@/features/developers/api/test-webhook';
import { updateWebhook } from '@/features/developers/api/update-webhook';
import { addDomain } from '@/features/security/api/add-domain';
import { getDomains } from '@/features/security/api/get-domains';
import { getSso, removeSso, saveSso } from '@/features/security/api/sso';
import { getTeamSecurity, updateTeamSecurity } from '@/features/security/api/team-security';
import { removeDomain } from '@/features/security/api/remove-domain';
import { verifyDomain } from '@/features/security/api/verify-domain';
import { getMe } from '@/features/auth/api/get-me';
import { googleLogin } from '@/features/auth/api/google-login';
import { login } from '@/features/auth/api/login';
import { exchangeSsoCode, getSsoIdentities, linkSso, startSso } from '@/features/auth/api/sso';
import { register } from '@/features/auth/api/register';
import { requestPasswordReset } from '@/features/auth/api/request-password-reset';
import { updatePassword } from '@/features/auth/api/update-password';
import { verifyEmail } from '@/features/auth/api/verify-email';
import { cancelSubscription } from '@/features/billing/api/cancel-subscription';
import { changePlan } from '@/features/billing/api/change-plan';
import { getInvoiceDownload } from '@/features/billing/api/download-invoice';
import { getCheckoutSession } from '@/features/billing/api/get-checkout-session';
import { getInvoices } from '@/features/billing/api/get-invoices';
import { getPlans } from '@/features/billing/api/get-plans';
import { getSubscription } from '@/features/billing/api/get-subscription';
import { openBillingPortal } from '@/features/billing/api/open-billing-portal';
import { payCheckoutSession } from '@/features/billing/api/pay-checkout-session';
import { resumeSubscription } from '@/features/billing/api/resume-subscription';
import { startCheckout } from '@/features/billing/api/start-checkout';
import { submitFeedback } from '@/features/feedback/api/submit-feedback';
import { acceptInvitation } from '@/features/invitations/api/accept-invitation';
import { getPendingInvitations } from '@/features/invitations/api/get-pending-invitations';
import { resendInvitation } from '@/features/invitations/api/resend-invitation';
import { revokeInvitation } from '@/features/invitations/api/revoke-invitation';
import { setInvitationPassword } from '@/features/invitations/api/set-invitation-password';
import { createItem } from '@/features/items/api/create-item';
import { deleteItem } from '@/features/items/api/delete-item';
import { getItems } from '@/features/items/api/get-items';
import { updateItem } from '@/features/items/api/update-item';
import { changeMemberRole } from '@/features/members/api/change-member-role';
import { getMembers } from '@/features/members/api/get-members';
import { inviteMember } from '@/features/members/api/invite-member';
import { removeMember } from '@/features/members/api/remove-member';
import { transferOwnership } from '@/features/members/api/transfer-ownership';
import { createTenant } from '@/features/tenants/api/create-tenant';
import { updateTenant } from '@/features/tenants/api/update-tenant';
import { getPublicConfig } from '@/lib/public-config';
import { getTenant } from '@/lib/session/get-tenant';
import { getTenants } from '@/lib/session/get-tenants';
import { storage } from '@/lib/storage';
import { countRefreshes } from '@/testing/api-client-mocks';
import { accessTokenFor } from '@/testing/auth-response';
import { server } from '@/testing/mocks/server';

type Sent = { path: string; authorization: string | null; tenant: string | null };

/** Answers every call with an empty list, and records what each carried. */
function recordCalls(): Sent[] {
  const sent: Sent[] = [];
  server.use(
    http.all('/api/*', ({ request }) => {
      sent.push({
        path: new URL(request.url).pathname.slice('/api'.length),
        authorization: request.headers.get('Authorization'),
        tenant: request.headers.get('X-TENANT-UUID'),
      });
      return HttpResponse.json([]);
    }),
  );
  return sent;
}

const TOKEN = 'token-1';
const SELECTED = 'tenant-1';
const TEAM = 'tenant-2';
const password = 'a long enough password';

// docs/spec.md section 7: what anyone may call, signed in or not.
const publicCalls: [string, () => Promise<unknown>][] = [
  ['/auth/login', () => login({ email: 'ada@example.com', password })],
  ['/auth/register', () => register({ email: 'ada@example.com', password })],
  ['/auth/google-login', () => googleLogin({ credential: 'google-id-token' })],
  ['/auth/verify-email', () => verifyEmail('mail-token')],
  ['/auth/reset-password/request', () => requestPasswordReset({ email: 'ada@example.com' })],
  [
    '/auth/reset-password/confirm',
    () => confirmPasswordReset({ token: 'mail-token', new_password: password }),
  ],
  ['/auth/sso/start', () => startSso({ email: 'ada@acme.example' })],
  ['/auth/sso/exchange', () => exchangeSsoCode({ code: 'sso-code' })],
  ['/config', () => getPublicConfig()],
  ['/invitations/invite-token/accept', () => acceptInvitation('invite-token')],
];

// Signed in, and no one team's.
const userCalls: [string, () => Promise<unknown>][] = [
  ['/auth/me', () => getMe()],
  ['/auth/update-password', () => updatePassword({ old_password: password, new_password: password })],
  ['/auth/change-email', () => changeEmail({ new_email: 'grace@example.com', password })],
  ['/auth/verify-email/resend', () => resendVerification()],
  ['/auth/me', () => deleteAccount({ password })],
  ['/auth/me/export', () => getAccountExport()],
  ['/auth/sso/link', () => linkSso({ code: 'sso-code' })],
  ['/auth/sso/identities', () => getSsoIdentities()],
  [
    '/invitations/invite-token/set-password',
    () => setInvitationPassword({ token: 'invite-token', body: { password } }),
  ],
  ['/tenants', () => getTenants()],
  ['/tenants', () => createTenant({ name: 'Acme' })],
  ['/payments/plans', () => getPlans()],
  ['/payments/local/checkout/cs_1', () => getCheckoutSession('cs_1')],
  // The session names its team: the server checks the caller's role there, not in a header.
  [
    '/payments/local/checkout/cs_1/pay',
    () =>
      payCheckoutSession({
        sessionId: 'cs_1',
        body: { card_number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
      }),
  ],
  ['/super-admin/tenants', () => getAdminTenants()],
  ['/super-admin/tenants/t-9', () => getAdminTenant('t-9')],
  ['/super-admin/feedback', () => getAdminFeedback()],
];

// Signed in, for the team each call names.
const teamCalls: [string, () => Promise<unknown>][] = [
  ['/tenant', () => getTenant(TEAM)],
  ['/tenant', () => updateTenant({ tenantUuid: TEAM, body: { name: 'Acme' } })],
  ['/tenant/transfer-ownership', () => transferOwnership({ tenantUuid: TEAM, body: { user_uuid: 'u-2' } })],
  ['/members', () => getMembers(TEAM)],
  [
    '/members/role',
    () => changeMemberRole({ tenantUuid: TEAM, body: { user_uuid: 'u-2', new_role: 'admin' } }),
  ],
  ['/members', () => removeMember({ tenantUuid: TEAM, body: { user_uuid: 'u-2' } })],
  ['/invite', () => inviteMember({ tenantUuid: TEAM, body: { email: 'bo@example.com', role: 'member' } })],
  ['/invitations', () => getPendingInvitations(TEAM)],
  ['/invitations/i-1/resend', () => resendInvitation({ tenantUuid: TEAM, uuid: 'i-1' })],
  ['/invitations/i-1', () => revokeInvitation({ tenantUuid: TEAM, uuid: 'i-1' })],
  ['/items/', () => getItems(TEAM)],
  ['/items/', () => createItem({ tenantUuid: TEAM, body: { name: 'Tile' } })],
  ['/items/it-1', () => updateItem({ tenantUuid: TEAM, itemUuid: 'it-1', body: { name: 'Tile' } })],
  ['/items/it-1', () => deleteItem({ tenantUuid: TEAM, itemUuid: 'it-1' })],
  ['/feedback/', () => submitFeedback({ tenantUuid: TEAM, body: { message: 'Nice', route: '/items' } })],
  ['/api-keys', () => getApiKeys(TEAM)],
  ['/api-keys', () => createApiKey({ tenantUuid: TEAM, body: { name: 'CI', scopes: ['items:read'] } })],
  ['/api-keys/k-1', () => revokeApiKey({ tenantUuid: TEAM, id: 'k-1' })],
  ['/webhooks', () => getWebhooks(TEAM)],
  [
    '/webhooks',
    () =>
      createWebhook({ tenantUuid: TEAM, body: { url: 'https://example.com/in', events: ['item.created'] } }),
  ],
  ['/webhooks/w-1', () => updateWebhook({ tenantUuid: TEAM, id: 'w-1', body: { enabled: false } })],
  ['/webhooks/w-1', () => deleteWebhook({ tenantUuid: TEAM, id: 'w-1' })],
  ['/webhooks/w-1/test', () => testWebhook({ tenantUuid: TEAM, id: 'w-1' })],
  ['/webhooks/w-1/deliveries', () => getWebhookDeliveries(TEAM, 'w-1')],
  [
    '/webhooks/w-1/deliveries/d-1/retry',
    () => retryWebhookDelivery({ tenantUuid: TEAM, webhookId: 'w-1', deliveryId: 'd-1' }),
  ],
  ['/domains', () => getDomains(TEAM)],
  ['/domains', () => addDomain({ tenantUuid: TEAM, body: { domain: 'acme.example' } })],
  ['/domains/dm-1/verify', () => verifyDomain({ tenantUuid: TEAM, id: 'dm-1' })],
  ['/domains/dm-1', () => removeDomain({ tenantUuid: TEAM, id: 'dm-1' })],
  ['/sso', () => getSso(TEAM)],
  [
    '/sso',
    () =>
      saveSso({
        tenantUuid: TEAM,
        body: { issuer: 'https://login.acme.example', client_id: 'tessera', client_secret: 'secret' },
      }),
  ],
  ['/sso', () => removeSso({ tenantUuid: TEAM })],
  ['/tenant/security', () => getTeamSecurity(TEAM)],
  ['/tenant/security', () => updateTeamSecurity({ tenantUuid: TEAM, body: { require_two_factor: true } })],
  ['/payments/subscription', () => getSubscription(TEAM)],
  ['/payments/invoices', () => getInvoices(TEAM)],
  ['/payments/invoices/in-1/download', () => getInvoiceDownload({ tenantUuid: TEAM, invoiceId: 'in-1' })],
  ['/payments/checkout', () => startCheckout({ tenantUuid: TEAM, body: { plan_id: 'pro' } })],
  ['/payments/portal', () => openBillingPortal({ tenantUuid: TEAM })],
  [
    '/payments/local/portal/change-plan',
    () => changePlan({ tenantUuid: TEAM, body: { plan_id: 'pro', billing_interval: 'annual' } }),
  ],
  ['/payments/local/portal/cancel', () => cancelSubscription({ tenantUuid: TEAM })],
  ['/payments/local/portal/resume', () => resumeSubscription({ tenantUuid: TEAM })],
];

beforeEach(() => {
  storage.set('selectedTenantUuid', SELECTED);
});

describe('public calls', () => {
  it.each(publicCalls)('%s carries no token and no team, and refreshes nothing', async (path, call) => {
    // A token about to expire, which a signed-in call would refresh first.
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    const refreshes = countRefreshes();
    const sent = recordCalls();
    await call();
    expect(sent).toEqual([{ path, authorization: null, tenant: null }]);
    expect(refreshes.count).toBe(0);
  });
});

describe('signed-in calls', () => {
  it.each(userCalls)('%s carries the token and no team, whichever team is selected', async (path, call) => {
    storage.set('accessToken', TOKEN);
    const sent = recordCalls();
    await call();
    expect(sent).toEqual([{ path, authorization: `Bearer ${TOKEN}`, tenant: null }]);
  });

  it.each(teamCalls)('%s carries the token and the team it names', async (path, call) => {
    storage.set('accessToken', TOKEN);
    const sent = recordCalls();
    await call();
    expect(sent).toEqual([{ path, authorization: `Bearer ${TOKEN}`, tenant: TEAM }]);
  });
});

describe('the email-change link', () => {
  it("carries this browser's token, refreshed first when about to expire, and no team", async () => {
    storage.set('accessToken', accessTokenFor('ada@example.com', 10));
    storage.set('refreshToken', 'refresh-1');
    const sent = recordCalls();
    const refreshes = countRefreshes();
    await confirmEmailChange('mail-token');
    expect(refreshes.count).toBe(1);
    expect(sent).toEqual([
      { path: '/auth/confirm-email-change', authorization: 'Bearer access-2', tenant: null },
    ]);
  });

  it('carries no token in a signed-out browser', async () => {
    const sent = recordCalls();
    await confirmEmailChange('mail-token');
    expect(sent).toEqual([{ path: '/auth/confirm-email-change', authorization: null, tenant: null }]);
  });
});
