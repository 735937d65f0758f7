import type { Feedback, FeedbackBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** POST /feedback/ {message, route}, for the selected team (docs/spec.md section 7). */
export const submitFeedback = ({ tenantUuid, body }: { tenantUuid: string | null; body: FeedbackBody }) =>
  apiFetch<Feedback>('/feedback/', { method: 'POST', body, tenantUuid: tenantUuid ?? undefined });

export const useSubmitFeedback = (tenantUuid: string | null) =>
  useMutation({ mutationFn: (body: FeedbackBody) => submitFeedback({ tenantUuid, body }) });
