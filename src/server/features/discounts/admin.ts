/**
 * Discount codes as the back office runs them (docs/staff.md "Money", docs/discounts.md): the
 * list with use counts, a new promo code (the same table and checks members' codes go
 * through: upper-case code, percentage text, minimum with its currency), pausing and resuming
 * (status inactive/active: a paused code answers code_not_found like a missing one), and a
 * code's uses. Lists are keyset-paged on the id, newest first.
 */
import { and, count, desc, eq, inArray, isNull, like, lt, type SQL } from 'drizzle-orm';
import type { CodeUse, NewCode, StaffCode } from '#src/contract/staff-money.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { accounts, discountCodes, discountRedemptions, orders } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import type { DiscountCodeRow } from './service.ts';

function staffCodeOf(row: DiscountCodeRow, uses: number): StaffCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentage: row.percentage,
    site: row.siteId,
    country: row.country,
    personal: row.accountId !== null,
    minimum_minor: row.minimumOrderMinor,
    currency: row.currency,
    validity: row.validity,
    status: row.status,
    expires_at: row.expiresAt?.toISOString() ?? null,
    starts_at: row.startsAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    first_purchase_only: row.firstPurchaseOnly,
    payment_methods: row.paymentMethods,
    created_at: row.createdAt.toISOString(),
    uses,
  };
}

/** How many completed orders used each code (the redemptions' (code_id, use_key) index). */
async function useCounts(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ codeId: discountRedemptions.codeId, uses: count() })
    .from(discountRedemptions)
    .where(inArray(discountRedemptions.codeId, ids))
    .groupBy(discountRedemptions.codeId);
  return new Map(rows.map((row) => [row.codeId, row.uses]));
}

/** A page of the codes that are not personal, a code prefix or all. */
export async function listCodes(
  db: Db,
  filters: { q?: string | undefined; after?: number | undefined },
  pageSize: number,
): Promise<{ codes: StaffCode[]; next: number | null }> {
  const where: SQL[] = [isNull(discountCodes.accountId)];
  const q = filters.q?.trim().toUpperCase() ?? '';
  if (q) where.push(like(discountCodes.code, `${q.replace(/[\\%_]/g, '\\$&')}%`));
  if (filters.after !== undefined) where.push(lt(discountCodes.id, filters.after));
  const rows = await db
    .select()
    .from(discountCodes)
    .where(and(...where))
    .orderBy(desc(discountCodes.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const uses = await useCounts(
    db,
    page.map((row) => row.id),
  );
  return {
    codes: page.map((row) => staffCodeOf(row, uses.get(row.id) ?? 0)),
    next: rows.length > pageSize ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One code with its use count (locked for an update in `tx` when asked). */
export async function staffCodeById(db: Db | Tx, id: number, lock = false): Promise<StaffCode> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fail('not_found');
  return staffCodeOf(row, (await useCounts(db, [id])).get(id) ?? 0);
}

/**
 * Makes a promo code (invalid_input, with the field, for a code that exists, a minimum
 * without a currency, an unknown site, an expiry in the past or a start not before the expiry).
 */
export async function createCode(
  tx: Tx,
  input: Omit<NewCode, 'reason'>,
  siteIds: readonly string[],
  now: Date,
): Promise<StaffCode> {
  if (input.site !== null && !siteIds.includes(input.site)) throw fail('invalid_input', { field: 'site' });
  if (input.minimum_minor !== null && input.currency === null) throw fail('invalid_input', { field: 'currency' });
  const expiresAt = input.expires_at === null ? null : new Date(input.expires_at);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw fail('invalid_input', { field: 'expires_at' });
  const startsAt = input.starts_at ? new Date(input.starts_at) : null;
  if (startsAt && expiresAt && startsAt.getTime() >= expiresAt.getTime())
    throw fail('invalid_input', { field: 'starts_at' });
  const [row] = await tx
    .insert(discountCodes)
    .values({
      code: input.code,
      kind: 'promo',
      siteId: input.site,
      percentage: Number(input.percentage).toFixed(1),
      country: input.country,
      minimumOrderMinor: input.minimum_minor,
      currency: input.minimum_minor === null ? null : input.currency,
      validity: input.validity,
      status: 'active',
      expiresAt,
      startsAt,
      maxUses: input.max_uses ?? null,
      firstPurchaseOnly: input.first_purchase_only ?? false,
      paymentMethods: [...new Set(input.payment_methods)],
      createdAt: now,
    })
    .onConflictDoNothing({ target: discountCodes.code })
    .returning();
  if (!row) throw fail('invalid_input', { field: 'code' });
  return staffCodeOf(row, 0);
}

/** Pauses or resumes a code; answers it before and after. */
export async function setCodeStatus(
  tx: Tx,
  id: number,
  status: DiscountCodeRow['status'],
): Promise<{ before: StaffCode; after: StaffCode }> {
  const before = await staffCodeById(tx, id, true);
  await tx.update(discountCodes).set({ status }).where(eq(discountCodes.id, id));
  return { before, after: { ...before, status } };
}

/** A page of a code's uses, newest first, with the order and the member. */
export async function codeUses(
  db: Db,
  id: number,
  after: number | undefined,
  pageSize: number,
): Promise<{ code: StaffCode; uses: CodeUse[]; next: number | null }> {
  const code = await staffCodeById(db, id);
  const where: SQL[] = [eq(discountRedemptions.codeId, id)];
  if (after !== undefined) where.push(lt(discountRedemptions.id, after));
  const rows = await db
    .select({
      key: discountRedemptions.id,
      at: discountRedemptions.createdAt,
      orderId: discountRedemptions.orderId,
      memberId: discountRedemptions.accountId,
      email: accounts.email,
      site: orders.siteId,
      amountMinor: orders.amountMinor,
      discountMinor: orders.discountMinor,
      currency: orders.currency,
      status: orders.status,
    })
    .from(discountRedemptions)
    .leftJoin(orders, eq(orders.publicId, discountRedemptions.orderId))
    .leftJoin(accounts, eq(accounts.id, discountRedemptions.accountId))
    .where(and(...where))
    .orderBy(desc(discountRedemptions.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  return {
    code,
    uses: page.map((row) => ({
      key: row.key,
      at: row.at.toISOString(),
      order_id: row.orderId,
      member_id: row.memberId,
      member_email: row.email,
      site: row.site,
      amount_minor: row.amountMinor,
      discount_minor: row.discountMinor,
      currency: row.currency,
      status: row.status,
    })),
    next: rows.length > pageSize ? (page.at(-1)?.key ?? null) : null,
  };
}
