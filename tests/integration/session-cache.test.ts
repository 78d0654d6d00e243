/**
 * Session reads (features/session): the requests that arrive together share one statement;
 * on PGlite sessions are kept in memory (features/accounts/session-cache.ts): a known session runs no
 * statement, and every change to what the session read joins, by whoever makes it, shows
 * in the next answer. On PostgreSQL nothing is kept; the same answers are checked there.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getUser } from '#src/contract/user.ts';
import { pgliteOf } from '#src/server/db/client.ts';
import { sessions } from '#src/server/db/schema.ts';
import { sessionCache } from '#src/server/features/accounts/session-cache.ts';
import { findSession, hashToken } from '#src/server/features/accounts/sessions.ts';
import {
  answerOf,
  createTestApp,
  createTestMember,
  errorAnswerOf,
  seedSiteData,
  TEST_DATABASE_URL,
  writeTestPhotoFiles,
  type TestApp,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  await sessionCache(t.database)?.ready;
});
afterAll(() => t.close());

async function member() {
  const key = await writeTestPhotoFiles(t);
  const created = await createTestMember(t, { photos: [{ key, status: 'being_inspected' }] });
  return { ...created, session: await t.login(created.accountId) };
}

async function userOf(session: string) {
  return (await answerOf(getUser, await t.request('/api/user.php', { session }))).user;
}

async function refused(session: string): Promise<string> {
  const response = await t.request('/api/user.php', { session });
  expect(response.status).toBe(403);
  return (await errorAnswerOf(response)).error.code;
}

const onPglite = TEST_DATABASE_URL === undefined;

describe('a known session', () => {
  it.runIf(onPglite)('is answered from memory on PGlite: user.php runs no statement', async () => {
    const { session, accountId } = await member();
    expect((await userOf(session)).id).toBe(String(accountId));
    const client = pgliteOf(t.database);
    if (!client) throw new Error('not PGlite');
    const statements = vi.spyOn(client, 'execProtocolStream');
    try {
      expect((await userOf(session)).id).toBe(String(accountId));
      expect(statements).not.toHaveBeenCalled();
    } finally {
      statements.mockRestore();
    }
  });

  it('shows a change of credits, name or photo status made by SQL in the very next answer', async () => {
    const { session, accountId, profileId } = await member();
    const before = await userOf(session);
    expect(before.profile.main_image?.status).toBe('being_inspected');

    await t.db.execute(sql`update accounts set credits = credits + 75 where id = ${accountId}`);
    expect((await userOf(session)).credits).toBe(before.credits + 75);

    await t.db.execute(sql`update profiles set name = 'Renamed' where id = ${profileId}`);
    expect((await userOf(session)).name).toBe('Renamed');

    await t.db.execute(sql`update photos set status = 'active' where profile_id = ${profileId}`);
    expect((await userOf(session)).profile.main_image?.status).toBe('active');

    await t.db.execute(sql`delete from photos where profile_id = ${profileId}`);
    expect((await userOf(session)).profile.main_image).toBeNull();
  });

  it('ends at once when the account is banned, the session deleted, or the table emptied', async () => {
    const banned = await member();
    await userOf(banned.session);
    await t.db.execute(sql`update accounts set status = 'banned' where id = ${banned.accountId}`);
    expect(await refused(banned.session)).toBe('authentication_required');

    const loggedOut = await member();
    const other = await t.login(loggedOut.accountId);
    await userOf(loggedOut.session);
    await userOf(other);
    await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(loggedOut.session)));
    expect(await refused(loggedOut.session)).toBe('authentication_required');
    // The account's other session stays.
    expect((await userOf(other)).id).toBe(String(loggedOut.accountId));

    const emptied = await member();
    await userOf(emptied.session);
    await t.db.execute(sql`truncate table sessions`);
    expect(await refused(emptied.session)).toBe('authentication_required');
  });

  it('keeps what a transaction changes out of the answers until its commit, and nothing of a rollback', async () => {
    const { session, accountId } = await member();
    const before = (await userOf(session)).credits;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update accounts set credits = credits + 10 where id = ${accountId}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await userOf(session)).credits).toBe(before);

    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update accounts set credits = credits + 20 where id = ${accountId}`);
    });
    expect((await userOf(session)).credits).toBe(before + 20);
  });

  it('is read in one statement with the sessions of the requests that arrive with it', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => member()));
    const gone = await member();
    await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(gone.session)));
    const client = (t.db as unknown as { $client: { query: (query: unknown) => unknown } }).$client;
    const textOf = (query: unknown) => (typeof query === 'string' ? query : (query as { text: string }).text);
    const statements = vi.spyOn(client, 'query');
    try {
      const answers = await Promise.all(
        [...members, gone].map(({ session }) => t.request('/api/user.php', { session })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 403]);
      const ids = await Promise.all(
        answers.slice(0, 4).map(async (answer) => (await answerOf(getUser, answer)).user.id),
      );
      expect(ids).toEqual(members.map(({ accountId }) => String(accountId)));
      const reads = statements.mock.calls.filter(([query]) => /from "sessions"/.test(textOf(query)));
      expect(reads).toHaveLength(1);
    } finally {
      statements.mockRestore();
    }
  });

  it.runIf(onPglite)('is not kept when a change came while it was read', async () => {
    const cache = sessionCache(t.database);
    if (!cache) throw new Error('no session cache');
    const { session, accountId } = await member();
    // A read that started before the change and returned the row from before it.
    const generation = cache.generation;
    const stale = await findSession(t.db, session, t.clock.now);
    expect(stale?.accountId).toBe(accountId);
    await t.db.execute(sql`update accounts set credits = 999 where id = ${accountId}`);
    const row = { sessionId: stale?.sessionId ?? 0, expiresAt: t.clock.now, lastSeenAt: t.clock.now };
    cache.keep(hashToken(session), { ...row, account: { id: accountId } as never }, generation);
    expect(cache.get(hashToken(session))).toBeUndefined();
    expect((await userOf(session)).credits).toBe(999);
  });
});
