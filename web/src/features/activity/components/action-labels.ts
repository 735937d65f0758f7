import type { ActivityAction } from '@app/contract';

/** What each action reads as on the page; the filter lists them in this order. */
export const ACTION_LABELS: Record<ActivityAction, string> = {
  'member.invited': 'Member invited',
  'member.joined': 'Member joined',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'invitation.revoked': 'Invitation revoked',
  'team.updated': 'Team updated',
  'ownership.transferred': 'Ownership transferred',
  'subscription.changed': 'Subscription changed',
  'item.created': 'Item created',
  'item.updated': 'Item updated',
  'item.deleted': 'Item deleted',
  'apikey.created': 'API key created',
  'apikey.revoked': 'API key revoked',
  'impersonation.started': 'Support viewed as member',
  'impersonation.stopped': 'Support stopped viewing',
};

/** An entry of an action the page does not know (an older name) shows the action itself. */
export const actionLabel = (action: string) => ACTION_LABELS[action as ActivityAction] ?? action;
