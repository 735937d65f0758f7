/**
 * The contract's plain values, without zod: the web app imports them through `@app/contract/constants` on the
 * sign-in page's path, whose JavaScript budget (e2e/tests/bundle-budget.spec.ts) has no room for zod. The index
 * re-exports them, so the server and the rest of the web import them from `@app/contract` as usual.
 */

/** docs/contract.md section 3: lists answer at most `limit` entries; `X-Next-Cursor` names the next page when one exists. */
export const MAX_PAGE_SIZE = 100;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * The app's own pages of the built-in test-mode provider (PAYMENTS_PROVIDER=local), which its checkout and portal
 * answer; billing.ts lists the API those pages call.
 */
export const localBillingPaths = {
  checkout: (sessionId: string) => `/billing/checkout/${encodeURIComponent(sessionId)}`,
  portal: (tenantUuid: string) => `/billing/portal?tenant=${encodeURIComponent(tenantUuid)}`,
} as const;

// Values both stored as database enums (server/src/db/schema) and answered by the API (this package's schemas):
// each list is written once, here.
export const ROLES = ['owner', 'admin', 'member'] as const;
export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'inactive',
  'incomplete',
] as const;
/** A subscription the team still holds: it bills or may bill again, so the team cannot start another. */
export const LIVE_SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
] as const satisfies readonly (typeof SUBSCRIPTION_STATUSES)[number][];
export const INVOICE_STATUSES = ['paid', 'pending', 'failed'] as const;
export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
/** What the operators' audit list records (docs/contract.md section 4, Operators). */
export const OPERATOR_ACTIONS = [
  'user.suspended',
  'user.unsuspended',
  'impersonation.started',
  'impersonation.stopped',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];
