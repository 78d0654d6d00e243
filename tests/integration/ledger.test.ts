/** The credits ledger: never below zero, applied once per (reason, reference). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '#src/i18n/index.ts';
import { accounts, creditLedger } from '#src/server/db/schema.ts';
import { applyCredits, ledgerOf, type CreditChange } from '#src/server/features/credits/ledger.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { createTestApp, createTestMember, FIXED_NOW, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(() => t.close());

const apply = (change: Omit<CreditChange, 'now'>) =>
  t.db.transaction((tx) => applyCredits(tx, { ...change, now: FIXED_NOW }));

async function balanceOf(accountId: number) {
  const [row] = await t.db
    .select({ credits: accounts.credits, paid: accounts.paidUser })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row!;
}

describe('applyCredits', () => {
  it('adds and spends credits, writing the balance after each change', async () => {
    const { accountId } = await createTestMember(t);
    const bonus = await apply({ accountId, delta: 20, reason: 'signup_bonus', reference: `signup:${accountId}` });
    expect(bonus).toMatchObject({ applied: true, balance: 20 });
    const spent = await apply({ accountId, delta: -10, reason: 'message', reference: `message:${accountId}:1` });
    expect(spent.balance).toBe(10);
    expect(spent.entry).toMatchObject({ accountId, delta: -10, balanceAfter: 10, reason: 'message' });
    expect(await balanceOf(accountId)).toEqual({ credits: 10, paid: false });
    expect((await ledgerOf(t.db, accountId)).map((e) => e.balanceAfter)).toEqual([10, 20]);
  });

  it('refuses to go below zero with insufficient_credits, changing nothing', async () => {
    const { accountId } = await createTestMember(t);
    await apply({ accountId, delta: 15, reason: 'signup_bonus', reference: `signup:${accountId}` });
    const attempt = apply({ accountId, delta: -20, reason: 'message', reference: `message:${accountId}:big` });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({
      code: 'insufficient_credits',
      messageKey: 'api.insufficient_credits',
      status: 402,
    });
    expect(translator('en')('api.insufficient_credits')).toBe('You do not have enough credits');
    expect(await balanceOf(accountId)).toEqual({ credits: 15, paid: false });
    expect(await ledgerOf(t.db, accountId)).toHaveLength(1);
  });

  it('rolls back the rest of the transaction when credits are short', async () => {
    const { accountId } = await createTestMember(t);
    const attempt = t.db.transaction(async (tx) => {
      await tx.update(accounts).set({ language: 'fr' }).where(eq(accounts.id, accountId));
      await applyCredits(tx, { accountId, delta: -1, reason: 'gift', reference: `gift:${accountId}`, now: FIXED_NOW });
    });
    await expect(attempt).rejects.toMatchObject({ code: 'insufficient_credits' });
    const [row] = await t.db.select({ language: accounts.language }).from(accounts).where(eq(accounts.id, accountId));
    expect(row?.language).toBe('en');
  });

  it('applies a (reason, reference) once: a webhook delivered twice credits once', async () => {
    const { accountId } = await createTestMember(t);
    const order = { accountId, delta: 250, reason: 'purchase' as const, reference: `order:${accountId}` };
    const first = await apply(order);
    const second = await apply(order);
    expect(first.applied).toBe(true);
    expect(second).toMatchObject({ applied: false, balance: 250 });
    expect(second.entry.id).toBe(first.entry.id);
    expect(await balanceOf(accountId)).toEqual({ credits: 250, paid: true });
    const rows = await t.db.select().from(creditLedger).where(eq(creditLedger.reference, order.reference));
    expect(rows).toHaveLength(1);
  });

  it('answers a retried debit as applied before, even when the balance would not pay for it again', async () => {
    const { accountId } = await createTestMember(t);
    await apply({ accountId, delta: 10, reason: 'signup_bonus', reference: `signup:${accountId}` });
    const debit = { accountId, delta: -10, reason: 'message' as const, reference: `message:${accountId}:retry` };
    const first = await apply(debit);
    const retry = await apply(debit);
    expect(retry).toMatchObject({ applied: false, balance: 0 });
    expect(retry.entry.id).toBe(first.entry.id);
    expect(await balanceOf(accountId)).toEqual({ credits: 0, paid: false });
    expect(await ledgerOf(t.db, accountId)).toHaveLength(2);
  });

  it('refuses a reference applied to another account, changing neither balance', async () => {
    const one = await createTestMember(t);
    const other = await createTestMember(t);
    const reference = `order:shared:${one.accountId}`;
    await apply({ accountId: one.accountId, delta: 30, reason: 'purchase', reference });
    await expect(apply({ accountId: other.accountId, delta: 30, reason: 'purchase', reference })).rejects.toThrow(
      /was applied to account/,
    );
    expect(await balanceOf(one.accountId)).toEqual({ credits: 30, paid: true });
    expect(await balanceOf(other.accountId)).toEqual({ credits: 0, paid: false });
  });

  it('lets concurrent spending of one account never overdraw it', async () => {
    const { accountId } = await createTestMember(t);
    await apply({ accountId, delta: 30, reason: 'purchase', reference: `order:${accountId}` });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        apply({ accountId, delta: -10, reason: 'message', reference: `race:${accountId}:${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(2);
    for (const r of rejected) expect(r.reason).toMatchObject({ code: 'insufficient_credits' });
    expect((await balanceOf(accountId)).credits).toBe(0);
    expect((await ledgerOf(t.db, accountId)).map((e) => e.balanceAfter)).toEqual([0, 10, 20, 30]);
  });

  it('applies concurrent deliveries of the same webhook once', async () => {
    const { accountId } = await createTestMember(t);
    const order = { accountId, delta: 100, reason: 'purchase' as const, reference: `order-race:${accountId}` };
    const results = await Promise.all([apply(order), apply(order), apply(order)]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await balanceOf(accountId)).credits).toBe(100);
  });
});
