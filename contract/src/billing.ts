import { z } from 'zod';

import { BILLING_INTERVALS, INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';
import { PageQuerySchema } from './pagination.ts';

/** docs/spec.md sections 3, 4 and 7; docs/contract.md section 3 (billing). Amounts are in minor units. */
export const BillingIntervalSchema = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** How each status reads on screen (docs/spec.md section 4), wherever a subscription is shown. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past Due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  inactive: 'Inactive',
  incomplete: 'Incomplete',
};

/** A team that never had a subscription (docs/spec.md section 4). */
export const NO_SUBSCRIPTION_LABEL = 'No Subscription';

/** Active and trialing count as paid (docs/spec.md section 4). */
export const PAID_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

export const PlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  price_monthly: z.number().int(),
  price_annual: z.number().int(),
  features: z.array(z.string()),
  /** How many members (pending invitations included) and items a team on this plan may have; null is unlimited. */
  limits: z.object({ members: z.number().int().nullable(), items: z.number().int().nullable() }),
  /** The prices are per member: a subscription's quantity follows the team's members (docs/contract.md section 4). */
  per_seat: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** One limited quantity of a team: how much it uses and what its plan allows (null is unlimited). */
export const UsageMeterSchema = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
export type UsageMeter = z.infer<typeof UsageMeterSchema>;

/** GET /tenant/usage (docs/contract.md section 4): the team's effective plan, null on the free plan. */
export const TenantUsageSchema = z.object({
  plan_id: z.string().nullable(),
  members: UsageMeterSchema,
  items: UsageMeterSchema,
});
export type TenantUsage = z.infer<typeof TenantUsageSchema>;

/** The 402 refusal of an addition beyond the plan (docs/contract.md section 4), word for word on server and web. */
export const planLimitMessage = (limit: number, what: 'members' | 'items') =>
  `Your plan allows ${limit} ${what}. Upgrade to add more.`;

/** The server form of docs/spec.md section 3, plus the billing interval and the trial's end. */
export const SubscriptionSchema = z.object({
  id: z.uuid(),
  plan_id: z.string(),
  status: SubscriptionStatusSchema,
  billing_interval: BillingIntervalSchema,
  current_period_start: z.iso.datetime({ offset: true }),
  current_period_end: z.iso.datetime({ offset: true }),
  cancel_at_period_end: z.boolean(),
  /** While the status is `trialing`: when the trial ends and the first invoice is due (TRIAL_DAYS). */
  trial_ends_at: z.iso.datetime({ offset: true }).nullable(),
  /**
   * Seats on a per-seat plan (the team's members; pending invitations and members a directory deactivated do not
   * count), else 1; `amount` = quantity × unit_amount for the billing interval.
   */
  quantity: z.number().int(),
  unit_amount: z.number().int(),
  amount: z.number().int(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

/** One line of an invoice: a period of the plan, or a prorated change of seats (negative when seats were removed). */
export const InvoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: z.number().int(),
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  due_date: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  amount: z.number().int(),
  currency: z.string(),
  status: InvoiceStatusSchema,
  lines: z.array(InvoiceLineSchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/**
 * GET /payments/invoices/upcoming: the next invoice of the team's subscription as it stands, the next period at the
 * current quantity and the prorated changes made since the last invoice; `amount` after the team's credit, never
 * below zero.
 */
export const UpcomingInvoiceSchema = z.object({
  period_start: z.iso.datetime({ offset: true }),
  period_end: z.iso.datetime({ offset: true }),
  currency: z.string(),
  amount: z.number().int(),
  lines: z.array(InvoiceLineSchema),
});
export type UpcomingInvoice = z.infer<typeof UpcomingInvoiceSchema>;

export const CheckoutBodySchema = z.object({
  plan_id: z
    .string({ error: validationMessage('plan_id_required') })
    .min(1, validationMessage('plan_id_required'))
    .max(100),
  billing_interval: BillingIntervalSchema.default('monthly'),
});
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;

/** Where to send the user in a new tab: Stripe's page (absolute), or the local provider's page (an app path). */
export const RedirectUrlSchema = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof RedirectUrlSchema>;

/**
 * Open in a new tab: Stripe's invoice PDF, or for a local invoice the app path of its PDF with a token valid for five
 * minutes (`/api/payments/invoices/{id}/pdf?token=…`, served as an attachment; no bearer header needed).
 */
export const InvoiceDownloadSchema = z.object({ download_url: z.string() });
export type InvoiceDownload = z.infer<typeof InvoiceDownloadSchema>;

export const InvoiceParamsSchema = z.object({ id: z.string().max(100) });

/** The short-lived token of the link that /download answers; without it, the PDF is refused. */
export const InvoicePdfQuerySchema = z.object({ token: z.string().max(2000).optional() });

/** What the Stripe webhook answers to an event it has verified and handled. */
export const StripeWebhookReceiptSchema = z.object({ received: z.literal(true) });

// The built-in test-mode provider (PAYMENTS_PROVIDER=local). Checkout answers the URL of the app's own page
// `/billing/checkout/{session_id}`; the portal answers `/billing/portal?tenant={tenant_uuid}` (localBillingPaths,
// constants.ts). Those pages call:
//   GET  /api/payments/local/checkout/{session_id}        -> LocalCheckoutSession (signed in; admin or owner of its team)
//   POST /api/payments/local/checkout/{session_id}/pay    LocalPaymentBody -> Subscription; declined card: 402
//   POST /api/payments/local/portal/change-plan           ChangePlanBody -> Subscription (tenant-scoped, admin/owner)
//   POST /api/payments/local/portal/cancel                -> Subscription (cancels at period end)
//   POST /api/payments/local/portal/resume                -> Subscription
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';
export const DECLINED_CARD_NUMBER = '4000 0000 0000 0002';

export const LocalCheckoutParamsSchema = z.object({ session_id: z.string().max(100) });

export const LocalCheckoutSessionSchema = z.object({
  id: z.uuid(),
  tenant_uuid: z.uuid(),
  tenant_name: z.string(),
  plan: PlanSchema,
  billing_interval: BillingIntervalSchema,
  /** What is charged now, in minor units: 0 when the checkout starts a trial. */
  amount: z.number().int(),
  /** The seats a per-seat plan starts with (the team's members), else 1. */
  quantity: z.number().int(),
  currency: z.string(),
  /** The free days the subscription starts with (TRIAL_DAYS on a team's first checkout), 0 without a trial. */
  trial_days: z.number().int(),
  expires_at: z.iso.datetime({ offset: true }),
  status: z.enum(['open', 'complete', 'expired']),
});
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSessionSchema>;

export const LocalPaymentBodySchema = z.object({
  card_number: z
    .string({ error: validationMessage('card_number_required') })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, validationMessage('card_number_incomplete'))),
  exp_month: z.coerce
    .number()
    .int()
    .min(1, validationMessage('expiry_month_invalid'))
    .max(12, validationMessage('expiry_month_invalid')),
  /** Four digits. */
  exp_year: z.coerce
    .number()
    .int()
    .min(2000, validationMessage('expiry_year_invalid'))
    .max(2100, validationMessage('expiry_year_invalid')),
  cvc: z
    .string({ error: validationMessage('cvc_required') })
    .regex(/^\d{3,4}$/, validationMessage('cvc_invalid')),
});
export type LocalPaymentBody = z.input<typeof LocalPaymentBodySchema>;

/**
 * A plan or interval change is prorated and takes effect at once: a new billing period starts, the unused part of the
 * current one is credited, and the new price less that credit is charged now (credit left over pays later invoices).
 */
export const ChangePlanBodySchema = z.object({
  plan_id: z.string().min(1, validationMessage('plan_id_required')).max(100),
  billing_interval: BillingIntervalSchema,
});
export type ChangePlanBody = z.infer<typeof ChangePlanBodySchema>;

export const billingEndpointSchemas = {
  listPlans: { response: { 200: z.array(PlanSchema) } },
  getSubscription: { response: { 200: SubscriptionSchema } },
  listInvoices: { query: PageQuerySchema, response: { 200: z.array(InvoiceSchema) } },
  getUpcomingInvoice: { response: { 200: UpcomingInvoiceSchema } },
  getInvoiceDownloadLink: { params: InvoiceParamsSchema, response: { 200: InvoiceDownloadSchema } },
  createCheckout: { body: CheckoutBodySchema, response: { 200: RedirectUrlSchema } },
  createPortal: { response: { 200: RedirectUrlSchema } },
  getLocalCheckout: { params: LocalCheckoutParamsSchema, response: { 200: LocalCheckoutSessionSchema } },
  payLocalCheckout: {
    params: LocalCheckoutParamsSchema,
    body: LocalPaymentBodySchema,
    response: { 200: SubscriptionSchema },
  },
  changeLocalPlan: { body: ChangePlanBodySchema, response: { 200: SubscriptionSchema } },
  cancelLocalSubscription: { response: { 200: SubscriptionSchema } },
  resumeLocalSubscription: { response: { 200: SubscriptionSchema } },
  // A PDF attachment: no JSON answer to declare.
  downloadSignedInvoice: { params: InvoiceParamsSchema, query: InvoicePdfQuerySchema, response: {} },
  // The body is Stripe's raw bytes (the route's scope parses none): no schema validates it.
  stripeWebhook: { response: { 200: StripeWebhookReceiptSchema } },
} as const satisfies EndpointSchemas;
