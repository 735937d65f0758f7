/**
 * An in-memory team API (docs/spec.md section 7: tenants, members, invitations; docs/contract.md section 4: pending invitations)
 * for web tests, acting as the server
 * does: X-TENANT-UUID picks the team (400 without it, 403 for a team the user is not in) and roles are
 * checked. Every call is recorded with the team it was sent for.
 */
import type { AssignableRole, Member, PendingInvitation, Role, Tenant, TenantDetail } from '@app/contract';
import { HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';

import { mockEndpoint } from './endpoint';
import { acme, me, member } from './handlers';
import { server } from './server';

type Team = { tenant: Omit<Tenant, 'user_role'>; members: Member[]; invitations: PendingInvitation[] };

type FakeTeamsOptions = {
  /** The teams and the signed-in user's role in each, ada@example.com (handlers.ts `me`). */
  tenants?: Tenant[];
  /** Other members per team uuid; ada is added with her role. */
  members?: Record<string, Member[]>;
  /** Pending invitations per team uuid, newest first. */
  invitations?: Record<string, PendingInvitation[]>;
};

/** docs/contract.md section 3: an invitation link works for 7 days (a resend starts them again). */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type Call = { method: string; path: string; tenant: string | null; body: unknown };

const ada = (role: Role): Member => ({ ...member(me.email, role, 1), user_uuid: me.uuid });

export function fakeTeams({ tenants = [acme], members = {}, invitations = {} }: FakeTeamsOptions = {}) {
  const teams = new Map<string, Team>(
    tenants.map(({ user_role, ...tenant }) => [
      tenant.uuid,
      // Copies: a test's changes stay in this fake.
      {
        tenant: { ...tenant },
        members: [ada(user_role), ...(members[tenant.uuid] ?? []).map((m) => ({ ...m }))],
        invitations: (invitations[tenant.uuid] ?? []).map((i) => ({ ...i })),
      },
    ]),
  );
  const calls: Call[] = [];
  let created = 0;
  let invited = 0;

  const roleOf = (team: Team) => team.members.find(({ user_uuid }) => user_uuid === me.uuid)?.role;
  const asTenant = (team: Team): TenantDetail => ({
    ...team.tenant,
    user_role: roleOf(team)!,
    security: { require_sso: false, require_two_factor: false },
  });

  async function record(request: StrictRequest<DefaultBodyType>) {
    const body: unknown = request.body ? await request.clone().json() : undefined;
    const call = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api/, ''),
      tenant: request.headers.get('X-TENANT-UUID'),
      body,
    };
    calls.push(call);
    return call;
  }

  /** The server's refusal: a {detail} body. */
  const refuse = (detail: string, status: number) =>
    HttpResponse.json<{ detail: string }>({ detail }, { status });

  /** The team of the call, or the server's refusal. */
  function teamOf(tenant: string | null, { adminOnly = false, ownerOnly = false } = {}) {
    if (!tenant) return refuse('X-TENANT-UUID header is required', 400);
    const team = teams.get(tenant);
    const role = team && roleOf(team);
    if (!team || !role) return refuse('Not a member of this team', 403);
    if ((ownerOnly && role !== 'owner') || (adminOnly && role === 'member')) {
      return refuse('Insufficient permissions', 403);
    }
    return team;
  }

  const invitationNotFound = () => refuse('Invitation not found', 404);

  server.use(
    mockEndpoint('listTenants', async ({ request }) => {
      await record(request);
      return HttpResponse.json([...teams.values()].filter(roleOf).map(asTenant));
    }),
    mockEndpoint('createTenant', async ({ request }) => {
      const { body } = await record(request);
      const { name, description } = body as { name: string; description?: string };
      created += 1;
      const uuid = `33333333-3333-4333-8333-${String(created).padStart(12, '0')}`;
      const team = {
        tenant: { uuid, name, description: description ?? null },
        members: [ada('owner')],
        invitations: [],
      };
      teams.set(uuid, team);
      return HttpResponse.json(asTenant(team), { status: 201 });
    }),
    mockEndpoint('getTenant', async ({ request }) => {
      const team = teamOf((await record(request)).tenant);
      return team instanceof Response ? team : HttpResponse.json(asTenant(team));
    }),
    mockEndpoint('updateTenant', async ({ request }) => {
      const { tenant, body } = await record(request);
      const team = teamOf(tenant, { adminOnly: true });
      if (team instanceof Response) return team;
      const { name, description } = body as { name: string; description: string | null };
      team.tenant = { ...team.tenant, name, description };
      return HttpResponse.json(asTenant(team));
    }),
    mockEndpoint('listMembers', async ({ request }) => {
      const team = teamOf((await record(request)).tenant);
      return team instanceof Response ? team : HttpResponse.json(team.members);
    }),
    mockEndpoint('invite', async ({ request }) => {
      const { tenant, body } = await record(request);
      const team = teamOf(tenant, { adminOnly: true });
      if (team instanceof Response) return team;
      const { email, role } = body as { email: string; role: AssignableRole };
      if (team.members.some((m) => m.email === email)) {
        return refuse('User is already a member of this team', 400);
      }
      // A new invitation to the same address replaces the one pending.
      invited += 1;
      const now = Date.now();
      team.invitations = [
        {
          uuid: `55555555-5555-4555-8555-${String(invited).padStart(12, '0')}`,
          email,
          role,
          invited_by_email: me.email,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + INVITATION_TTL_MS).toISOString(),
        },
        ...team.invitations.filter((i) => i.email !== email),
      ];
      return HttpResponse.json({ message: `Invitation sent to ${email}` }, { status: 201 });
    }),
    mockEndpoint('listInvitations', async ({ request }) => {
      const team = teamOf((await record(request)).tenant, { adminOnly: true });
      return team instanceof Response ? team : HttpResponse.json(team.invitations);
    }),
    mockEndpoint('revokeInvitation', async ({ request, params }) => {
      const team = teamOf((await record(request)).tenant, { adminOnly: true });
      if (team instanceof Response) return team;
      if (!team.invitations.some((i) => i.uuid === params.uuid)) return invitationNotFound();
      team.invitations = team.invitations.filter((i) => i.uuid !== params.uuid);
      return new HttpResponse(null, { status: 204 });
    }),
    mockEndpoint('resendInvitation', async ({ request, params }) => {
      const team = teamOf((await record(request)).tenant, { adminOnly: true });
      if (team instanceof Response) return team;
      const pending = team.invitations.find((i) => i.uuid === params.uuid);
      if (!pending) return invitationNotFound();
      pending.expires_at = new Date(Date.now() + INVITATION_TTL_MS).toISOString();
      return new HttpResponse(null, { status: 204 });
    }),
    mockEndpoint('removeMember', async ({ request }) => {
      const { tenant, body } = await record(request);
      const team = teamOf(tenant, { adminOnly: true });
      if (team instanceof Response) return team;
      const { user_uuid } = body as { user_uuid: string };
      team.members = team.members.filter((m) => m.user_uuid !== user_uuid);
      return new HttpResponse(null, { status: 204 });
    }),
    mockEndpoint('changeMemberRole', async ({ request }) => {
      const { tenant, body } = await record(request);
      const team = teamOf(tenant, { adminOnly: true });
      if (team instanceof Response) return team;
      const { user_uuid, new_role } = body as { user_uuid: string; new_role: Role };
      team.members = team.members.map((m) => (m.user_uuid === user_uuid ? { ...m, role: new_role } : m));
      return HttpResponse.json(team.members.find((m) => m.user_uuid === user_uuid));
    }),
    mockEndpoint('transferOwnership', async ({ request }) => {
      const { tenant, body } = await record(request);
      const team = teamOf(tenant, { ownerOnly: true });
      if (team instanceof Response) return team;
      const { user_uuid } = body as { user_uuid: string };
      team.members = team.members.map((m) =>
        m.user_uuid === user_uuid
          ? { ...m, role: 'owner' }
          : m.role === 'owner'
            ? { ...m, role: 'admin' }
            : m,
      );
      return HttpResponse.json({ message: 'Ownership transferred' });
    }),
  );

  return {
    teams,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
