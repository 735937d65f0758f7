// Who calls an endpoint: one shape per kind of caller, and the one each endpoint's policy (contract/src/endpoints.ts)
// grants. The policy's guards make it (plugins/route-scope.ts, guardsOf) and `route` hands it to the handler typed
// by the policy, so a handler cannot read a caller its endpoint does not check; services take it as it comes,
// `(db or deps, caller, input)`. Below the modules, so that any of them can name a caller.
import type { EndpointPolicy, Role } from '@app/contract';

/** A signed-in person, in a session still open; `actorId` is the operator viewing the app as them, if one is. */
export type UserCaller = {
  kind: 'user';
  userId: string;
  sessionId: string;
  actorId: string | undefined;
};

/** The session a person acts in, whether they call as a user or as a member: what the session checks read. */
export type InSession = Pick<UserCaller, 'userId' | 'sessionId'>;

/** A member of the team the request names (X-TENANT-UUID), with their role there now. */
export type MemberCaller = Omit<UserCaller, 'kind'> & { kind: 'member'; tenantId: string; role: Role };

/** One of a team's live API keys, acting for its own team. */
export type KeyCaller = { kind: 'key'; tenantId: string; keyId: string };

/** Who acts for a team on a route an API key may call: a member or a key. */
export type TeamCaller = MemberCaller | KeyCaller;

/** A super admin, checked against the database on this request; never an operator viewing as someone. */
export type OperatorCaller = { kind: 'operator'; userId: string; sessionId: string };

/** A team's SCIM token: its directory, acting for its own team on /api/scim/v2 only. */
export type ScimCaller = { kind: 'scim'; tenantId: string; tokenHash: string };

export type Caller = UserCaller | MemberCaller | KeyCaller | OperatorCaller | ScimCaller;

/** The caller an endpoint's policy grants its handler: nobody in particular for a public one. */
export type CallerOf<P extends EndpointPolicy> = P extends { access: 'public' }
  ? null
  : P extends { access: 'user' }
    ? UserCaller
    : P extends { access: 'super-admin' }
      ? OperatorCaller
      : P extends { access: 'scim' }
        ? ScimCaller
        : P extends { access: 'tenant'; key: null }
          ? MemberCaller
          : TeamCaller;

/** Who a team's log and its items name as acting: a member, or a key. */
export type Actor = { userId: string; keyId: null } | { userId: null; keyId: string };

export const actorOf = (caller: TeamCaller): Actor =>
  caller.kind === 'key' ? { userId: null, keyId: caller.keyId } : { userId: caller.userId, keyId: null };
