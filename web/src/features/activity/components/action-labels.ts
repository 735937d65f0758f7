import type { ActivityAction } from '@app/contract';

import type { TFunction } from '@/lib/i18n/translation';

/** The catalogue key of what each action reads as on the page (the activity catalogue's `actions`). */
export const ACTION_KEYS = {
  'member.invited': 'actions.memberInvited',
  'member.joined': 'actions.memberJoined',
  'member.role_changed': 'actions.memberRoleChanged',
  'member.removed': 'actions.memberRemoved',
  'member.left': 'actions.memberLeft',
  'invitation.revoked': 'actions.invitationRevoked',
  'team.updated': 'actions.teamUpdated',
  'ownership.transferred': 'actions.ownershipTransferred',
  'subscription.changed': 'actions.subscriptionChanged',
  'item.created': 'actions.itemCreated',
  'item.updated': 'actions.itemUpdated',
  'item.deleted': 'actions.itemDeleted',
  'apikey.created': 'actions.apikeyCreated',
  'apikey.revoked': 'actions.apikeyRevoked',
  'webhook.disabled': 'actions.webhookDisabled',
  'webhook.deleted': 'actions.webhookDeleted',
  'domain.added': 'actions.domainAdded',
  'domain.verified': 'actions.domainVerified',
  'domain.removed': 'actions.domainRemoved',
  'sso.updated': 'actions.ssoUpdated',
  'sso.removed': 'actions.ssoRemoved',
  'security.updated': 'actions.securityUpdated',
  'scim.token_created': 'actions.scimTokenCreated',
  'scim.token_revoked': 'actions.scimTokenRevoked',
  'member.provisioned': 'actions.memberProvisioned',
  'member.deactivated': 'actions.memberDeactivated',
  'member.reactivated': 'actions.memberReactivated',
  'member.deprovisioned': 'actions.memberDeprovisioned',
  'impersonation.started': 'actions.impersonationStarted',
  'impersonation.stopped': 'actions.impersonationStopped',
} as const satisfies Record<ActivityAction, string>;

/** What an action reads as; an entry of an action the page does not know (an older name) shows the action itself. */
export const actionLabel = (action: string, t: TFunction<'activity'>) =>
  Object.hasOwn(ACTION_KEYS, action) ? t(ACTION_KEYS[action as ActivityAction]) : action;
