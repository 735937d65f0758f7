import type { FeedbackBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** POST /feedback/ {message, route}, for the selected team (docs/spec.md section 7). */
export const submitFeedback = ({ tenantUuid, body }: { tenantUuid: string; body: FeedbackBody }) =>
  apiFetch('sendFeedback', { body, tenantUuid });

/** Feedback is a team's: with no team selected (none yet, or the list still loading) there is nothing to send it for. */
export const useSubmitFeedback = (tenantUuid: string | null) =>
  useMutation({
    mutationFn: (body: FeedbackBody) => {
      if (!tenantUuid) throw new Error('No team is selected');
      return submitFeedback({ tenantUuid, body });
    },
  });
