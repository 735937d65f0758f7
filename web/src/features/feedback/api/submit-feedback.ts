import type { Feedback, FeedbackBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** POST /feedback/ {message, route}, for the selected team (SPEC section 7). */
export const submitFeedback = (body: FeedbackBody) =>
  apiFetch<Feedback>('/feedback/', { method: 'POST', body });

export const useSubmitFeedback = () => useMutation({ mutationFn: submitFeedback });
