/** What the API answers when a test does not say otherwise; tests override a call with `server.use`. */
import { mockEndpoint } from './endpoint';
import type {
  AdminMetrics,
  Me,
  Member,
  PendingInvitation,
  PublicConfig,
  Role,
  Session,
  TenantDetail,
} from '@app/contract';
import { HttpResponse } from 'msw';

export const publicConfig: PublicConfig = {
  google_client_id: null,
  docs_url: 'https://docs.example.com',
  codebase_url: 'https://code.example.com',
  payments_provider: 'local',
};

export const me: Me = {
  uuid: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  is_verified: true,
  is_super_admin: false,
  has_password: true,
  created_at: '2025-01-01T00:00:00.000Z',
  two_factor_enabled: false,
  locale: 'en',
  theme: 'system',
};

/** The session the test's browser is signed in with. */
export const thisSession: Session = {
  id: '55555555-5555-4555-8555-000000000001',
  created_at: '2025-01-01T09:00:00.000Z',
  last_used_at: '2025-01-02T09:00:00.000Z',
  user_agent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
  ip: '203.0.113.7',
  current: true,
  sso_team: null,
};

export const ACME_UUID = '11111111-1111-4111-8111-111111111111';
export const GLOBEX_UUID = '22222222-2222-4222-8222-222222222222';

/** A team without security rules, as GET /tenant answers (the list answers the same without `security`). */
export const NO_RULES = { require_sso: false, require_two_factor: false };
export const acme: TenantDetail = {
  uuid: ACME_UUID,
  name: 'Acme',
  description: 'Rockets and anvils',
  user_role: 'owner',
  security: NO_RULES,
};
export const globex: TenantDetail = {
  uuid: GLOBEX_UUID,
  name: 'Globex',
  description: null,
  user_role: 'member',
  security: NO_RULES,
};

/** An active team member no directory manages; `n` (1-9) makes the uuid and the join month. */
export const member = (email: string, role: Role, n: number): Member => ({
  user_uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email,
  role,
  joined_at: `2025-0${n}-15T10:00:00.000Z`,
  managed_by_directory: false,
  active: true,
});

/** An invitation to `email` sent by ada; `n` (1-9) makes the uuid. It expires in 2099 unless told otherwise. */
export const invitation = (
  email: string,
  role: PendingInvitation['role'],
  n: number,
  overrides: Partial<PendingInvitation> = {},
): PendingInvitation => ({
  uuid: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`,
  email,
  role,
  invited_by_email: me.email,
  created_at: `2099-03-0${n}T12:00:00.000Z`,
  expires_at: `2099-03-${String(n + 7).padStart(2, '0')}T12:00:00.000Z`,
  ...overrides,
});

/** The operators' figures with nothing in them: 30 days (the last one today, UTC) without sign-ups. */
export function emptyMetrics(): AdminMetrics {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const signups_by_day = Array.from({ length: 30 }, (_, index) => ({
    date: new Date(today - (29 - index) * 86_400_000).toISOString().slice(0, 10),
    count: 0,
  }));
  return { teams: 0, users: 0, verified_users: 0, active_subscriptions: 0, mrr: [], signups_by_day };
}

/** Ada's one team, unless a test says otherwise (teams.ts fakes the whole team API). */
export const handlers = [
  mockEndpoint('getPublicConfig', () => HttpResponse.json(publicConfig)),
  mockEndpoint('getMe', () => HttpResponse.json(me)),
  mockEndpoint('logout', () => new HttpResponse(null, { status: 204 })),
  mockEndpoint('listSessions', () => HttpResponse.json([thisSession])),
  mockEndpoint('listPasskeys', () => HttpResponse.json([])),
  mockEndpoint('listSsoIdentities', () => HttpResponse.json([])),
  mockEndpoint('listTenants', () => HttpResponse.json([acme])),
  mockEndpoint('getTenant', () => HttpResponse.json(acme)),
  mockEndpoint('listMembers', () =>
    HttpResponse.json([{ ...member(me.email, 'owner', 1), user_uuid: me.uuid }]),
  ),
  // Nobody pending (teams.ts fakes the invitations API of admins and the owner).
  mockEndpoint('listInvitations', () => HttpResponse.json([])),
  // No items and nothing in the admin area (items.ts fakes the items API).
  mockEndpoint('listItems', () => HttpResponse.json([])),
  // Nothing in the team's log yet.
  mockEndpoint('listActivity', () => HttpResponse.json([])),
  mockEndpoint('adminListTenants', () => HttpResponse.json([])),
  mockEndpoint('adminListFeedback', () => HttpResponse.json([])),
  mockEndpoint('adminGetTenant', () => HttpResponse.json({ detail: 'Tenant not found' }, { status: 404 })),
  // A new deployment: nobody signed up in the last 30 days, nobody paying, no operator action yet.
  mockEndpoint('adminGetMetrics', () => HttpResponse.json(emptyMetrics())),
  mockEndpoint('adminListAudit', () => HttpResponse.json([])),
  mockEndpoint('adminListUsers', () => HttpResponse.json([])),
  mockEndpoint('adminGetUser', () => HttpResponse.json({ detail: 'User not found' }, { status: 404 })),
  // A team on the free plan with room to grow: only its owner, no items.
  mockEndpoint('getUsage', () =>
    HttpResponse.json({ plan_id: null, members: { used: 1, limit: 3 }, items: { used: 0, limit: 100 } }),
  ),
  // The shell reads the team's subscription (docs/spec.md section 4); billing.ts fakes the whole billing API.
  mockEndpoint('getSubscription', () => HttpResponse.json({ detail: 'No subscription' }, { status: 404 })),
];
