import { InviteBodySchema, type InviteBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { getErrorText, hasErrorCode } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';
import { usageQueryKey } from '@/lib/session/tenant-query-key';

type InviteMemberInput = { tenantUuid: string; body: InviteBody };

/** POST /invite: one invitation, mailed by the server (docs/spec.md section 7). */
export const inviteMember = ({ tenantUuid, body }: InviteMemberInput) =>
  apiFetch('invite', { body, tenantUuid });

/** `limited`: refused for the team's plan (402 `plan_limit`), which an upgrade lifts. */
type InviteOutcome = { email: string; error: string | null; limited?: boolean };

/**
 * Sends each invitation on its own, one after the other (docs/spec.md section 5), and reports every email's outcome:
 * null when sent, else the server's detail or `fallback`.
 */
export async function inviteEach(
  tenantUuid: string,
  invites: InviteBody[],
  fallback: string,
): Promise<InviteOutcome[]> {
  const outcomes: InviteOutcome[] = [];
  // Trimmed and lower-cased as the contract reads an email; the forms have checked the shape.
  for (const body of invites.map((invite) => InviteBodySchema.parse(invite))) {
    try {
      await inviteMember({ tenantUuid, body });
      outcomes.push({ email: body.email, error: null });
    } catch (error) {
      outcomes.push({
        email: body.email,
        error: getErrorText(error, fallback),
        limited: hasErrorCode(error, 'plan_limit'),
      });
    }
  }
  return outcomes;
}

export function useInviteMembers(tenantUuid: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('members');
  return useMutation({
    mutationFn: (invites: InviteBody[]) => inviteEach(tenantUuid, invites, t('invite.failed')),
    // Each invitation sent takes a seat.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usageQueryKey(tenantUuid) }),
  });
}
