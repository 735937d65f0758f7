/**
 * The contract's plain values, without zod: the web app imports them through `@app/contract/constants` on the
 * sign-in page's path, whose JavaScript budget (e2e/tests/bundle-budget.spec.ts) has no room for zod. The index
 * re-exports them, so the server and the rest of the web import them from `@app/contract` as usual.
 */

/** CONTRACT section 3: lists answer at most `limit` entries; `X-Next-Cursor` names the next page when one exists. */
export const MAX_PAGE_SIZE = 100;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * The app's own pages of the built-in test-mode provider (PAYMENTS_PROVIDER=local), which its checkout and portal
 * answer; payments.ts lists the API those pages call.
 */
export const localBillingPaths = {
  checkout: (sessionId: string) => `/billing/checkout/${encodeURIComponent(sessionId)}`,
  portal: (tenantUuid: string) => `/billing/portal?tenant=${encodeURIComponent(tenantUuid)}`,
} as const;
