/**
 * The back office's Money section (docs/staff.md "Money"): finance finds an order by its
 * filters and sees its payment history, refunds it through billing's refund only with a fresh
 * second factor (audited; admin reads but may not refund), creates a discount code a member
 * then redeems at checkout, pauses it (audited with before and after), and reconciles the
 * ledger's purchase credits against completed payments per day.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOrder } from '#src/contract/billing.ts';
import { postStaffReauth } from '#src/contract/staff.ts';
import {
  getStaffCodeUses,
  getStaffCodes,
  getStaffOrder,
  getStaffOrders,
  getStaffReconciliation,
  postStaffCode,
  postStaffCodeStatus,
  postStaffOrderRefund,
  type Reconciliation,
  type StaffCode,
  type StaffOrderPage,
  type StaffOrderRow,
} from '#src/contract/staff-money.ts';
import { creditLedger, staffAuditLog } from '#src/server/db/schema.ts';
import { callError, createTestApp, errorAnswerOf, FIXED_NOW, json, seedSiteData, type TestApp } from './harness.ts';
import { buy, buyer, ledgerSum, order, orderRow, type Buyer } from './billing-helpers.ts';
import { createTestStaff, staffLogin, staffRequest, totpNow, type TestStaff } from './staff-helpers.ts';

const MINUTE = 60_000;
let t: TestApp;
let finance: TestStaff;
let financeCookie: string;
let adminCookie: string;
let member: Buyer;
let paymentId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  t.clock.now = new Date(FIXED_NOW);
  member = await buyer(t);
  paymentId = await buy(t, member, { package: 'p1' });
  finance = await createTestStaff(t, ['finance']);
  financeCookie = await staffLogin(t, finance);
  adminCookie = await staffLogin(t, await createTestStaff(t, ['admin']));
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, cookie: string) => staffRequest(t, path, { cookie });
const post = (path: string, json: unknown, cookie: string) => staffRequest(t, path, { method: 'POST', json, cookie });

async function codeOf(response: Response): Promise<{ status: number; code: string }> {
  return { status: response.status, code: (await errorAnswerOf(response)).error.code };
}

async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.action, action))
    .orderBy(desc(staffAuditLog.id))
    .limit(1);
  return row;
}

describe('orders', () => {
  it('lists orders by member, status, site, method and day, keyset-paged', async () => {
    const list = async (query: string, cookie = financeCookie) =>
      json<{ orders: StaffOrderRow[]; next: number | null }>(await get(`${getStaffOrders.path}?${query}`, cookie));
    const byMember = await list(`member=${member.accountId}`);
    expect(byMember.orders.map((o) => o.id)).toEqual([paymentId]);
    expect(byMember.orders[0]).toMatchObject({ status: 'completed', method: 'visa', credits: 250, site: 'default' });
    const email = (await list(`order=${paymentId}`)).orders[0]?.member_email ?? '';
    expect((await list(`member=${encodeURIComponent(email.toUpperCase())}`)).orders.map((o) => o.id)).toEqual([
      paymentId,
    ]);
    expect((await list(`member=${member.accountId}&status=refunded`)).orders).toEqual([]);
    expect((await list(`member=${member.accountId}&method=paypal`)).orders).toEqual([]);
    expect((await list(`member=${member.accountId}&site=she`)).orders).toEqual([]);
    expect((await list(`member=${member.accountId}&from=2025-06-01&to=2025-06-01`)).orders).toHaveLength(1);
    expect((await list(`member=${member.accountId}&from=2025-06-02`)).orders).toEqual([]);
    // Admin reads too.
    expect((await list(`order=${paymentId}`, adminCookie)).orders).toHaveLength(1);
    // Keyset: a page after the order is the older ones only.
    const key = byMember.orders[0]?.key ?? 0;
    expect((await list(`member=${member.accountId}&after=${key}`)).orders).toEqual([]);
    expect((await get(`${getStaffOrders.path}?site=nowhere`, financeCookie)).status).toBe(400);
  });

  it("shows an order's payment history, the member and the credits granted", async () => {
    const page = await json<StaffOrderPage>(await get(`${getStaffOrder.path}?id=${paymentId}`, financeCookie));
    expect(page.order).toMatchObject({ id: paymentId, status: 'completed', provider: 'sandbox' });
    expect(page.history.map((h) => h.to)).toContain('completed');
    expect(page.events.length).toBeGreaterThan(0);
    expect(page.member).toMatchObject({ id: member.accountId, billing_hold: false });
    expect(page.credits).toEqual([expect.objectContaining({ delta: 250, reason: 'purchase' })]);
    expect(page.refundable).toMatchObject({ credits: 250, amount_minor: 1999 });
    expect((await get(`${getStaffOrder.path}?id=NOSUCHORDER1`, financeCookie)).status).toBe(404);
  });
});

describe('refunds', () => {
  it('needs finance and a fresh second factor, goes through billing and is audited', async () => {
    const refund = (cookie: string) =>
      post(postStaffOrderRefund.path, { order: paymentId, reason: 'Asked by phone' }, cookie);
    expect(await codeOf(await refund(adminCookie))).toEqual({ status: 403, code: 'forbidden' });
    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    expect(await codeOf(await refund(financeCookie))).toEqual({ status: 403, code: 'staff_reauth_required' });
    expect((await orderRow(t, paymentId)).status).toBe('completed');

    const reauth = await post(postStaffReauth.path, { code: await totpNow(t, finance.secret) }, financeCookie);
    expect(reauth.status).toBe(200);
    const done = await json<{ page: StaffOrderPage; refunded_credits: number; refund_minor: number }>(
      await refund(financeCookie),
    );
    expect(done).toMatchObject({ refunded_credits: 250, refund_minor: 1999 });
    expect(done.page.order.status).toBe('refunded');
    expect(done.page.history.at(-1)).toMatchObject({ to: 'refunded', cause: `staff_refund:${finance.id}` });
    expect(done.page.credits.map((l) => l.reason)).toEqual(['purchase', 'purchase_refund']);
    // The provider paid it out (billing's refund path) and the ledger matches the balance.
    expect((await orderRow(t, paymentId)).refundProviderRef).toMatch(/^rf_/);
    expect(await ledgerSum(t, member.accountId)).toBe(0);
    expect(await lastAudit('order.refund')).toMatchObject({
      staffId: finance.id,
      targetType: 'order',
      targetId: paymentId,
      before: { status: 'completed', refunded_credits: 0 },
      after: { status: 'refunded', refunded_credits: 250, refund_minor: 1999 },
      reason: 'Asked by phone',
    });
    // Once only.
    expect(await codeOf(await refund(financeCookie))).toEqual({ status: 409, code: 'refund_not_possible' });
    const refunded = await json<{ orders: StaffOrderRow[] }>(
      await get(`${getStaffOrders.path}?status=refunded&member=${member.accountId}`, financeCookie),
    );
    expect(refunded.orders.map((o) => o.id)).toEqual([paymentId]);
  });
});

describe('discount codes', () => {
  let code: StaffCode;
  const body = {
    code: 'spring-20',
    percentage: '20',
    site: 'default',
    country: null,
    minimum_minor: 1000,
    currency: 'EUR',
    validity: 'once-per-user',
    expires_at: '2025-07-01T00:00:00Z',
    payment_methods: [],
    reason: 'Spring campaign',
  };

  it('creates a code (finance only, audited); a taken code or a past expiry is refused', async () => {
    expect(await codeOf(await post(postStaffCode.path, body, adminCookie))).toEqual({ status: 403, code: 'forbidden' });
    const created = await post(postStaffCode.path, body, financeCookie);
    expect(created.status).toBe(200);
    code = (await json<{ code: StaffCode }>(created)).code;
    expect(code).toMatchObject({ code: 'SPRING-20', percentage: '20.0', kind: 'promo', status: 'active', uses: 0 });
    const entry = await lastAudit('discount.create');
    expect(entry).toMatchObject({ staffId: finance.id, targetId: String(code.id), before: null });
    expect(entry?.after).toMatchObject({ code: 'SPRING-20', percentage: '20.0' });
    const again = await post(postStaffCode.path, body, financeCookie);
    expect(again.status).toBe(400);
    expect((await errorAnswerOf(again)).error).toMatchObject({ code: 'invalid_input', field: 'code' });
    const past = await post(
      postStaffCode.path,
      { ...body, code: 'OLD', expires_at: '2020-01-01T00:00:00Z' },
      financeCookie,
    );
    expect((await errorAnswerOf(past)).error).toMatchObject({ field: 'expires_at' });
  });

  it('is redeemed by a member at checkout and counted with its uses', async () => {
    const shopper = await buyer(t);
    const made = await order(t, shopper, { package: 'p1', method: 'visa', discount_code: 'spring-20' });
    expect(made.order.discount).toMatchObject({ code: 'SPRING-20', percentage: '20.0', amount_minor: 400 });
    const id = await buy(t, shopper, { package: 'p1', method: 'visa', discount_code: 'SPRING-20' });
    const uses = await json<{ code: StaffCode; uses: { order_id: string; member_id: number }[] }>(
      await get(`${getStaffCodeUses.path}?id=${code.id}`, financeCookie),
    );
    expect(uses.code.uses).toBe(1);
    expect(uses.uses).toEqual([expect.objectContaining({ order_id: id, member_id: shopper.accountId })]);
    const listed = await json<{ codes: StaffCode[] }>(await get(`${getStaffCodes.path}?q=spring`, adminCookie));
    expect(listed.codes).toEqual([expect.objectContaining({ code: 'SPRING-20', uses: 1 })]);
  });

  it('pauses and resumes a code (audited); a paused code is not found at checkout', async () => {
    const pause = await post(
      postStaffCodeStatus.path,
      { id: code.id, status: 'inactive', reason: 'Leaked' },
      financeCookie,
    );
    expect((await json<{ code: StaffCode }>(pause)).code.status).toBe('inactive');
    expect(await lastAudit('discount.pause')).toMatchObject({
      before: { status: 'active' },
      after: { status: 'inactive' },
      reason: 'Leaked',
    });
    const shopper = await buyer(t);
    const refused = await callError(t, postOrder, {
      session: shopper.session,
      host: shopper.host,
      body: { package: 'p1', method: 'visa', discount_code: 'SPRING-20' },
    });
    expect(refused.code).toBe('code_not_found');
    await post(postStaffCodeStatus.path, { id: code.id, status: 'active', reason: 'Fixed' }, financeCookie);
    expect(await lastAudit('discount.resume')).toMatchObject({ after: { status: 'active' } });
    expect(
      (await post(postStaffCodeStatus.path, { id: 999999, status: 'active', reason: 'xyz' }, financeCookie)).status,
    ).toBe(404);
  });
});

describe('the daily reconciliation', () => {
  it('matches purchase credits to completed payments per day and lists the differences', async () => {
    const url = `${getStaffReconciliation.path}?from=2025-05-31&to=2025-06-01`;
    const clean = await json<Reconciliation>(await get(url, financeCookie));
    expect(clean.days.map((d) => d.day)).toEqual(['2025-05-31', '2025-06-01']);
    const today = clean.days[1];
    expect(today?.payments).toBeGreaterThanOrEqual(2);
    expect(today?.ledger_credits).toBe(today?.payment_credits);
    expect(today?.difference).toBe(0);
    expect(today?.amounts.map((a) => a.currency)).toEqual(['EUR']);
    expect(clean.differences).toEqual([]);

    // A purchase row nobody paid for shows up.
    const stray = await createStrayPurchase();
    const off = await json<Reconciliation>(await get(url, financeCookie));
    expect(off.days[1]?.difference).toBe(7);
    expect(off.differences).toEqual([
      expect.objectContaining({ kind: 'orphan_credits', order_id: stray, ledger_credits: 7, order_credits: null }),
    ]);
    expect((await get(`${getStaffReconciliation.path}?from=2025-01-01&to=2025-12-31`, financeCookie)).status).toBe(400);
  });
});

async function createStrayPurchase(): Promise<string> {
  const someone = await buyer(t);
  const [row] = await t.db
    .select({ balance: creditLedger.balanceAfter })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, someone.accountId))
    .orderBy(desc(creditLedger.id))
    .limit(1);
  await t.db.insert(creditLedger).values({
    accountId: someone.accountId,
    delta: 7,
    balanceAfter: (row?.balance ?? 0) + 7,
    reason: 'purchase',
    reference: 'STRAY0001',
    createdAt: new Date(FIXED_NOW),
  });
  return 'STRAY0001';
}
