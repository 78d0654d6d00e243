/**
 * Discount rules (SPEC §4 'Time bonus', §5 'Discount codes', §9 'Discounts'; the list is in
 * docs/discounts.md): looking a code up for a member or a visitor, quoting it for an order
 * (billing, when the order is made) and recording its use (billing, in the transaction that
 * completes the order).
 */
import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { DiscountCode, DiscountError } from '#src/contract/discounts.ts';
import { TIME_BONUS_WINDOW_SECONDS } from '#src/lib/constants.ts';
import { formatDate } from '#src/lib/dates.ts';
import { formatMoney, toMajor } from '#src/lib/money.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts, discountCodes, discountRedemptions, profiles } from '#src/server/db/schema.ts';
import { fail, type HttpError } from '#src/server/http/errors.ts';
import type { Tx } from '#src/server/db/client.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** A refusal of a code: one of the contract's DISCOUNT_ERRORS with its text `api.<code>`. */
export function discountError(code: DiscountError, params: Record<string, string | number> = {}): HttpError {
  return fail(code, { field: 'code', params });
}

/** What the rules need to know about the member asking (null: a visitor). */
export interface DiscountViewer {
  accountId: number;
  siteId: string;
  paidUser: boolean;
  signupDate: Date;
  /** The profile's country. */
  country: string;
}

/** The order a code is checked against; each part is checked only when given. */
export interface OrderFacts {
  amountMinor?: number | undefined;
  currency?: string | undefined;
  country?: string | undefined;
  method?: string | undefined;
}

export async function loadDiscountViewer(db: Db | Tx, accountId: number): Promise<DiscountViewer | null> {
  const [row] = await db
    .select({
      accountId: accounts.id,
      siteId: accounts.siteId,
      paidUser: accounts.paidUser,
      signupDate: accounts.signupDate,
      country: profiles.country,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ?? null;
}

/**
 * The code as `use_key` of discount_redemptions records a use: per member, once for
 * everyone, or per order (unlimited codes never collide).
 */
export function useKey(row: Pick<DiscountCodeRow, 'validity'>, accountId: number, orderId: string): string {
  if (row.validity === 'once-per-user') return `account:${accountId}`;
  if (row.validity === 'once') return 'once';
  return `order:${orderId}`;
}

/**
 * What an open or completed order holding the code reserves (billing's
 * `orders.discount_reservation`, docs/payments.md 'Discount codes on orders'):
 * 'first_purchase' for the welcome discount and the time bonus (one first-purchase discount
 * in all) and `code:<id>` for another once-per-user code, each held by at most one order of
 * the member; `once:<id>` for a once-for-everyone code, held by at most one order of anyone;
 * null for an unlimited code.
 */
export function reservationKey(row: Pick<DiscountCodeRow, 'id' | 'kind' | 'validity'>): string | null {
  if (row.kind === 'welcome' || row.kind === 'time_bonus') return 'first_purchase';
  if (row.validity === 'once-per-user') return `code:${row.id}`;
  if (row.validity === 'once') return `once:${row.id}`;
  return null;
}

/** Whether a reservation is held once for everyone (not once per member). */
export function isSharedReservation(reservation: string): boolean {
  return reservation.startsWith('once:');
}

/** The active code of that name on the site (or every site), the viewer's own when personal. */
async function findCode(db: Db | Tx, code: string, siteId: string, accountId: number | null): Promise<DiscountCodeRow> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.code, code.toUpperCase()),
        eq(discountCodes.status, 'active'),
        or(isNull(discountCodes.siteId), eq(discountCodes.siteId, siteId)),
      ),
    )
    .limit(1);
  // Someone else's personal code is not there for this viewer.
  if (!row || (row.accountId !== null && row.accountId !== accountId)) throw discountError('code_not_found');
  return row;
}

/** When the code stops working for this viewer: the time bonus ends with its window. */
export function expiryFor(row: DiscountCodeRow, viewer: DiscountViewer | null): Date | null {
  if (row.kind !== 'time_bonus' || !viewer) return row.expiresAt;
  const windowEnd = new Date(viewer.signupDate.getTime() + TIME_BONUS_WINDOW_SECONDS * 1000);
  return row.expiresAt && row.expiresAt < windowEnd ? row.expiresAt : windowEnd;
}

async function usedBefore(db: Db | Tx, row: DiscountCodeRow, accountId: number): Promise<boolean> {
  if (row.validity === 'unlimited') return false;
  const [used] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, row.id), eq(discountRedemptions.useKey, useKey(row, accountId, ''))))
    .limit(1);
  return used !== undefined;
}

/** Whether the code's maximum of uses in all (every member together) is reached. */
async function usedUp(db: Db | Tx, row: DiscountCodeRow): Promise<boolean> {
  if (row.maxUses === null) return false;
  const [used] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.codeId, row.id));
  return (used?.n ?? 0) >= row.maxUses;
}

/**
 * Checks every rule for the viewer and the order facts given; throws the first refusal.
 * Order: not found, first purchase, not started, expiry, used by the member, used up, country,
 * minimum, payment method.
 */
async function checkRules(
  db: Db | Tx,
  row: DiscountCodeRow,
  viewer: DiscountViewer | null,
  order: OrderFacts,
  now: Date,
  locale: string,
): Promise<void> {
  const firstPurchaseOnly = row.firstPurchaseOnly || row.kind === 'welcome' || row.kind === 'time_bonus';
  if (row.kind === 'time_bonus' && !viewer) throw discountError('code_not_found');
  if (firstPurchaseOnly && viewer?.paidUser) throw discountError('code_first_purchase');
  if (row.startsAt && row.startsAt.getTime() > now.getTime())
    throw discountError('code_not_started', { date: formatDate(row.startsAt, 'longDateTime', locale) });
  const expires = expiryFor(row, viewer);
  if (expires && expires.getTime() <= now.getTime()) throw discountError('code_expired');
  if (viewer && (await usedBefore(db, row, viewer.accountId))) throw discountError('code_used');
  if (await usedUp(db, row)) throw discountError('code_used_up');
  const country = order.country ?? viewer?.country;
  if (row.country !== null && country !== undefined && country !== row.country) throw discountError('code_country');
  if (row.minimumOrderMinor !== null && row.currency !== null && order.amountMinor !== undefined) {
    const below = order.amountMinor < row.minimumOrderMinor;
    if (below || (order.currency !== undefined && order.currency !== row.currency))
      throw discountError('code_minimum', { amount: formatMoney(row.minimumOrderMinor, row.currency, locale) });
  }
  if (order.method !== undefined && row.paymentMethods.length > 0 && !row.paymentMethods.includes(order.method))
    throw discountError('code_payment_method');
}

/** The code's DTO for the viewer (SPEC §3 'Discount code'). */
export function discountDto(row: DiscountCodeRow, viewer: DiscountViewer | null, now: Date): DiscountCode {
  const expires = expiryFor(row, viewer);
  const minimum =
    row.minimumOrderMinor === null || row.currency === null ? null : toMajor(row.minimumOrderMinor, row.currency);
  return {
    code: row.code,
    kind: row.kind,
    country: row.country,
    user_id: row.accountId !== null && viewer ? String(viewer.accountId) : null,
    expires: expires ? expires.toISOString() : null,
    expires_in: expires ? Math.max(0, Math.floor((expires.getTime() - now.getTime()) / 1000)) : null,
    value_percentage: row.percentage,
    percentage: row.percentage,
    currency: row.currency,
    minimum_order_value: minimum,
    minimum,
    status: row.status,
    validity: row.validity,
    expired: expires !== null && expires.getTime() <= now.getTime(),
    paymentmethods: row.paymentMethods,
  };
}

export interface LookupInput extends OrderFacts {
  code: string;
  siteId: string;
  /** The member asking; null for a visitor (only codes without per-member rules answer then). */
  accountId: number | null;
  now: Date;
  /** The language of amounts in refusals. */
  locale: string;
}

/** GET /api/discountcode.php: the code when the viewer may use it, else its refusal. */
export async function lookupDiscount(db: Db, input: LookupInput): Promise<DiscountCode> {
  const viewer = input.accountId === null ? null : await loadDiscountViewer(db, input.accountId);
  const row = await findCode(db, input.code, input.siteId, viewer?.accountId ?? null);
  await checkRules(db, row, viewer, input, input.now, input.locale);
  return discountDto(row, viewer, input.now);
}

/** The welcome discount's code on a site (seeded; operators may replace or switch it off). */
export async function welcomeCode(db: Db, siteId: string): Promise<string> {
  const [row] = await db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.kind, 'welcome'),
        eq(discountCodes.status, 'active'),
        isNull(discountCodes.accountId),
        or(isNull(discountCodes.siteId), eq(discountCodes.siteId, siteId)),
      ),
    )
    // A site's own welcome code wins over the network's.
    .orderBy(discountCodes.siteId)
    .limit(1);
  if (!row) throw discountError('code_not_found');
  return row.code;
}

export interface QuoteInput {
  accountId: number;
  siteId: string;
  code: string;
  /** The bundle bought (codes apply to every bundle). */
  packageKey?: string;
  /** The order's price before the discount, in minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** The payment country. */
  country: string;
  method: string;
  now?: Date;
  locale?: string;
}

export interface Quote {
  /** The code as stored (upper-case). */
  code: string;
  /** Percent off, e.g. '25.0'. */
  percentage: string;
  /** What comes off amountMinor, in minor units (rounded half up). */
  discountMinor: number;
  /** What the order reserves while open or completed (reservationKey), or null. */
  reservation: string | null;
}

/** Percent text → the discount of an amount, in minor units. */
export function discountOf(amountMinor: number, percentage: string): number {
  const tenths = Math.round(Number(percentage) * 10);
  return Math.min(amountMinor, Math.round((amountMinor * tenths) / 1000));
}

/**
 * For billing, when an order is made: checks every rule (throws the refusal as an HttpError
 * with a DISCOUNT_ERRORS code, field 'code') and prices the discount.
 */
export async function quoteDiscount(db: Db | Tx, input: QuoteInput): Promise<Quote> {
  const now = input.now ?? new Date();
  const viewer = await loadDiscountViewer(db, input.accountId);
  if (!viewer || viewer.siteId !== input.siteId) throw discountError('code_not_found');
  const row = await findCode(db, input.code, input.siteId, viewer.accountId);
  await checkRules(
    db,
    row,
    viewer,
    { amountMinor: input.amountMinor, currency: input.currency, country: input.country, method: input.method },
    now,
    input.locale ?? 'en',
  );
  return {
    code: row.code,
    percentage: row.percentage,
    discountMinor: discountOf(input.amountMinor, row.percentage),
    reservation: reservationKey(row),
  };
}

export interface RedeemInput {
  code: string;
  accountId: number;
  /** The billing order's public id. */
  orderId: string;
}

/**
 * For billing, inside the transaction that completes an order quoted with the code: records
 * the use. Idempotent per order (a webhook delivered twice records once). The rules were
 * checked when the order was quoted, so nothing is refused here: when the code was used
 * meanwhile by another order (two orders of one member paid at the same time with a
 * once-per-user code), exactly one order records the use (the unique index serializes
 * them) and the other keeps the price it was quoted and paid. Returns true when this order
 * holds the use, false when the code went to another order. A code deleted since the quote
 * is not recorded (false).
 */
export async function redeemDiscount(tx: Tx, input: RedeemInput): Promise<boolean> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, input.code.toUpperCase())).limit(1);
  if (!row) return false;
  const inserted = await tx
    .insert(discountRedemptions)
    .values({
      codeId: row.id,
      accountId: input.accountId,
      orderId: input.orderId,
      useKey: useKey(row, input.accountId, input.orderId),
    })
    .onConflictDoNothing()
    .returning({ id: discountRedemptions.id });
  if (inserted.length > 0) return true;
  const [mine] = await tx
    .select({ codeId: discountRedemptions.codeId })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.orderId, input.orderId))
    .limit(1);
  return mine?.codeId === row.id;
}
