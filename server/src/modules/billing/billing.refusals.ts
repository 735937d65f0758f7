// The refusals both checkouts and the test-mode portal answer, one definition each.
import { AppError } from '../../lib/app-error.ts';

export const unknownPlan = (plan: string) =>
  new AppError('INVALID', `Unknown plan "${plan}"`, 'unknown_plan', { plan });

export const subscriptionExists = () =>
  new AppError(
    'BAD_REQUEST',
    'This team already has a subscription. Change plan or billing interval in the billing portal.',
    'subscription_exists',
  );
