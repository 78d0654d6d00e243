/**
 * preparedFor (src/server/db/prepared.ts): a query built once runs on the app's database and
 * inside a transaction, where it sees the transaction's own uncommitted writes (it runs on
 * the transaction's connection, not on another one of the pool).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedFor } from '#src/server/db/prepared.ts';
import { accounts } from '#src/server/db/schema.ts';
import { createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(() => t.close());

let builds = 0;
const languageOf = preparedFor((db) => {
  builds += 1;
  return db
    .select({ language: accounts.language })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare('test_language_of');
});

describe('preparedFor', () => {
  it('builds once and runs on the database and in transactions, seeing their uncommitted writes', async () => {
    const { accountId } = await createTestMember(t);
    expect(await languageOf(t.db).execute({ accountId })).toEqual([{ language: 'en' }]);

    const seen: unknown[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.update(accounts).set({ language: 'de' }).where(eq(accounts.id, accountId));
        seen.push(await languageOf(tx).execute({ accountId }));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(seen).toEqual([[{ language: 'de' }]]);
    // Rolled back: the database never saw it.
    expect(await languageOf(t.db).execute({ accountId })).toEqual([{ language: 'en' }]);
    expect(builds).toBe(1);
  });
});
