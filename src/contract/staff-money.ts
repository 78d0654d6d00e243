/**
 * The back office's Money section (docs/staff.md "Money"; payments in docs/payments.md,
 * codes in docs/discounts.md): orders with their payment history, refunds behind a fresh
 * second factor, chargebacks and returned direct debits (status `charged_back`, method `sdd`
 * for a returned debit), discount codes with their uses, and the daily reconciliation of the
 * ledger's purchase credits against completed payments. Finance acts; admin reads (every GET
 * lists MONEY_READERS, every write MONEY_WRITERS).
 */
import * as z from 'zod/mini';
import { ORDER_STATUSES, PAYMENT_METHODS, paymentId } from './billing.ts';
import { type StaffRole, defineEndpoint } from './define.ts';
import {
  DISCOUNT_KINDS,
  DISCOUNT_STATUSES,
  DISCOUNT_VALIDITIES,
  discountCodeString,
  percentageText,
} from './discounts.ts';

/** Who sees the Money section (admin reads only). */
export const MONEY_READERS = ['finance', 'admin'] as const satisfies readonly StaffRole[];
/** Who refunds, creates and pauses codes. */
export const MONEY_WRITERS = ['finance'] as const satisfies readonly StaffRole[];

export const ORDERS_PAGE_SIZE = 50;
export const CODES_PAGE_SIZE = 50;
export const USES_PAGE_SIZE = 50;
/** The longest reconciliation range, in days. */
export const RECONCILIATION_MAX_DAYS = 92;
/** The most differences one reconciliation lists. */
export const RECONCILIATION_MAX_DIFFERENCES = 200;

const int = z.number().check(z.int());
const minor = z.number().check(z.int(), z.nonnegative());
const idText = z.string().check(z.regex(/^\d{1,18}$/));
const isoDate = z.iso.date();
const reason = z.string().check(z.trim(), z.minLength(3), z.maxLength(500));

// ---------------------------------------------------------------- orders

export const staffOrderRow = z.object({
  /** The keyset position (orders.id); pass it as `after` for the next page. */
  key: int,
  id: z.string(),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
  site: z.string(),
  member_id: int,
  member_email: z.nullable(z.string()),
  status: z.enum(ORDER_STATUSES),
  method: z.string(),
  kind: z.string(),
  package: z.string(),
  credits: int,
  amount_minor: minor,
  currency: z.string(),
  country: z.string(),
  discount_code: z.nullable(z.string()),
});
export type StaffOrderRow = z.infer<typeof staffOrderRow>;

export const orderFilters = {
  site: z.optional(z.string().check(z.maxLength(40))),
  status: z.optional(z.enum(ORDER_STATUSES)),
  method: z.optional(z.enum(PAYMENT_METHODS)),
  /** Created from (inclusive) and to (inclusive), ISO dates (UTC days). */
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  /** A member id (digits) or e-mail address (exact). */
  member: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  /** An order id (the payment id members see). */
  order: z.optional(z.string().check(z.trim(), z.maxLength(16))),
};

/**
 * GET /api/staff/money/orders?site=&status=&method=&from=&to=&member=&order=&after=: orders,
 * newest first, ORDERS_PAGE_SIZE a page; `after` (the previous page's `next`, an order's key)
 * pages on (keyset paging on orders.id with the indexes of migrations 0020 and 0025, or on
 * (created_at, id) when `from` or `to` is given).
 */
export const getStaffOrders = defineEndpoint({
  method: 'GET',
  path: '/api/staff/money/orders',
  query: z.looseObject({ ...orderFilters, after: z.optional(idText) }),
  response: z.object({ orders: z.array(staffOrderRow), next: z.nullable(int) }),
  roles: MONEY_READERS,
});

export const staffOrderPage = z.object({
  order: z.extend(staffOrderRow, {
    list_price_minor: minor,
    discount_minor: minor,
    discount_percentage: z.nullable(z.string()),
    transaction_fee_minor: minor,
    provider: z.string(),
    provider_session: z.nullable(z.string()),
    provider_ref: z.nullable(z.string()),
    failure_reason: z.nullable(z.string()),
    refunded_credits: int,
    refund_minor: minor,
    refund_provider_ref: z.nullable(z.string()),
    refunded_at: z.nullable(z.string()),
    chargeback_credits: int,
    chargeback_shortfall: int,
    charged_back_at: z.nullable(z.string()),
  }),
  member: z.object({
    id: int,
    site: z.string(),
    email: z.nullable(z.string()),
    status: z.string(),
    credits: int,
    /** The member may not buy until support lifts the hold (a chargeback). */
    billing_hold: z.boolean(),
  }),
  /** Every status change with its cause ('event:<provider event>', 'member_refund', 'staff_refund:<staff id>'). */
  history: z.array(z.object({ at: z.string(), from: z.nullable(z.string()), to: z.string(), cause: z.string() })),
  /** The provider's events about the order (webhooks, stored-card charges), each kept once. */
  events: z.array(
    z.object({
      at: z.string(),
      received_at: z.string(),
      provider: z.string(),
      event_id: z.string(),
      type: z.string(),
      outcome: z.string(),
    }),
  ),
  /** The ledger rows of the order: credits granted, refunded, charged back. */
  credits: z.array(z.object({ at: z.string(), delta: int, balance_after: int, reason: z.string() })),
  /** What a refund would give back now (the site's refund window, unused credits), else null and why not. */
  refundable: z.nullable(z.object({ credits: int, amount_minor: minor, until: z.string() })),
  refund_refusal: z.nullable(z.string()),
});
export type StaffOrderPage = z.infer<typeof staffOrderPage>;

/** GET /api/staff/money/order?id=: an order's page (payment history, member, credits). */
export const getStaffOrder = defineEndpoint({
  method: 'GET',
  path: '/api/staff/money/order',
  query: z.looseObject({ id: paymentId }),
  response: staffOrderPage,
  errors: ['not_found'],
  roles: MONEY_READERS,
});

/**
 * POST /api/staff/money/order/refund {order, reason}: refunds the order's unused credits
 * through billing's refund (the ledger and the provider's payout, as a member's refund within
 * the site's refund window), with a second factor in the last REAUTH_MINUTES; audited.
 */
export const postStaffOrderRefund = defineEndpoint({
  method: 'POST',
  path: '/api/staff/money/order/refund',
  body: z.strictObject({ order: paymentId, reason }),
  response: z.object({ page: staffOrderPage, refunded_credits: int, refund_minor: minor }),
  errors: ['not_found', 'staff_reauth_required', 'refund_window_closed', 'refund_not_possible', 'nothing_to_refund'],
  roles: MONEY_WRITERS,
});

// ---------------------------------------------------------------- discount codes

export const staffCode = z.object({
  id: int,
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percentage: z.string(),
  site: z.nullable(z.string()),
  country: z.nullable(z.string()),
  personal: z.boolean(),
  minimum_minor: z.nullable(minor),
  currency: z.nullable(z.string()),
  validity: z.enum(DISCOUNT_VALIDITIES),
  status: z.enum(DISCOUNT_STATUSES),
  expires_at: z.nullable(z.string()),
  starts_at: z.nullable(z.string()),
  max_uses: z.nullable(int),
  first_purchase_only: z.boolean(),
  payment_methods: z.array(z.string()),
  created_at: z.string(),
  /** Completed orders that used it. */
  uses: int,
});
export type StaffCode = z.infer<typeof staffCode>;

/**
 * GET /api/staff/money/codes?q=&after=: discount codes (a code prefix), newest first, with
 * their use counts, CODES_PAGE_SIZE a page (personal codes, such as deletion offers, are left
 * out: they belong to one member).
 */
export const getStaffCodes = defineEndpoint({
  method: 'GET',
  path: '/api/staff/money/codes',
  query: z.looseObject({ q: z.optional(z.string().check(z.trim(), z.maxLength(40))), after: z.optional(idText) }),
  response: z.object({ codes: z.array(staffCode), next: z.nullable(int) }),
  roles: MONEY_READERS,
});

export const MAX_CODE_USES = 10_000_000;

export const newCode = z.strictObject({
  code: discountCodeString,
  percentage: percentageText,
  /** One site only; null: every site. */
  site: z.nullable(z.string().check(z.maxLength(40))),
  country: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
  /** The smallest order, in minor units of `currency`. */
  minimum_minor: z.nullable(z.number().check(z.int(), z.positive(), z.lte(100_000_00))),
  currency: z.nullable(z.string().check(z.regex(/^[A-Z]{3}$/))),
  /** once-per-user: once per member; once: one order of anyone; unlimited. */
  validity: z.enum(DISCOUNT_VALIDITIES),
  /** When it stops working (ISO); null: never. */
  expires_at: z.nullable(z.iso.datetime({ offset: true })),
  /** When it starts working (ISO, before `expires_at`); null or left out: at once. */
  starts_at: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
  /** How many orders may use it in all, every member together; null or left out: no limit. */
  max_uses: z.optional(z.nullable(z.number().check(z.int(), z.positive(), z.lte(MAX_CODE_USES)))),
  /** Only for a member's first purchase. */
  first_purchase_only: z.optional(z.boolean()),
  payment_methods: z.array(z.enum(PAYMENT_METHODS)).check(z.maxLength(PAYMENT_METHODS.length)),
  reason,
});
export type NewCode = z.infer<typeof newCode>;

/**
 * POST /api/staff/money/codes: a new promo code (invalid_input field `code` when the code
 * exists, `currency` when a minimum has none, `expires_at` when it is past, `starts_at` when
 * it is not before the expiry); audited.
 */
export const postStaffCode = defineEndpoint({
  method: 'POST',
  path: '/api/staff/money/codes',
  body: newCode,
  response: z.object({ code: staffCode }),
  roles: MONEY_WRITERS,
});

/** POST /api/staff/money/code/status: pauses (inactive) or resumes (active) a code; audited. */
export const postStaffCodeStatus = defineEndpoint({
  method: 'POST',
  path: '/api/staff/money/code/status',
  body: z.strictObject({ id: z.number().check(z.int(), z.positive()), status: z.enum(DISCOUNT_STATUSES), reason }),
  response: z.object({ code: staffCode }),
  errors: ['not_found'],
  roles: MONEY_WRITERS,
});

export const codeUse = z.object({
  key: int,
  at: z.string(),
  order_id: z.string(),
  member_id: int,
  member_email: z.nullable(z.string()),
  site: z.nullable(z.string()),
  amount_minor: z.nullable(minor),
  discount_minor: z.nullable(minor),
  currency: z.nullable(z.string()),
  status: z.nullable(z.string()),
});
export type CodeUse = z.infer<typeof codeUse>;

/** GET /api/staff/money/code/uses?id=&after=: a code's uses (completed orders), newest first. */
export const getStaffCodeUses = defineEndpoint({
  method: 'GET',
  path: '/api/staff/money/code/uses',
  query: z.looseObject({ id: idText, after: z.optional(idText) }),
  response: z.object({ code: staffCode, uses: z.array(codeUse), next: z.nullable(int) }),
  errors: ['not_found'],
  roles: MONEY_READERS,
});

// ---------------------------------------------------------------- reconciliation

export const reconciliationDay = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  /** The ledger's purchase rows of the day: how many, and the credits granted. */
  ledger_rows: int,
  ledger_credits: int,
  /** The orders completed that day (whatever happened to them later): how many, their credits. */
  payments: int,
  payment_credits: int,
  /** What they paid, per currency (minor units). */
  amounts: z.array(z.object({ currency: z.string(), amount_minor: minor })),
  /** ledger_credits − payment_credits. */
  difference: int,
});

export const reconciliationDifference = z.object({
  day: z.string(),
  /** missing_credits: a completed payment without its purchase row; credits_mismatch: they differ; orphan_credits: a purchase row without a completed payment. */
  kind: z.enum(['missing_credits', 'credits_mismatch', 'orphan_credits']),
  order_id: z.string(),
  member_id: int,
  order_credits: z.nullable(int),
  ledger_credits: z.nullable(int),
});

/**
 * GET /api/staff/money/reconciliation?from=&to=: per UTC day from `from` to `to` (inclusive,
 * at most RECONCILIATION_MAX_DAYS), the ledger's purchase credits against the completed
 * payments, and each difference (at most RECONCILIATION_MAX_DIFFERENCES).
 */
export const getStaffReconciliation = defineEndpoint({
  method: 'GET',
  path: '/api/staff/money/reconciliation',
  query: z.looseObject({ from: isoDate, to: isoDate }),
  response: z.object({
    days: z.array(reconciliationDay),
    differences: z.array(reconciliationDifference),
    truncated: z.boolean(),
  }),
  roles: MONEY_READERS,
});
export type Reconciliation = z.infer<typeof getStaffReconciliation.response>;
