/** Login sessions end when unused for SESSION_IDLE_DAYS; their last use costs no write per request. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '#src/contract/user.ts';
import { sessions } from '#src/server/db/schema.ts';
import { hashToken, LAST_SEEN_INTERVAL_MS, SESSION_IDLE_DAYS } from '#src/server/features/accounts/sessions.ts';
import {
  FIXED_NOW,
  answerOf,
  createTestApp,
  createTestMember,
  errorAnswerOf,
  seedSiteData,
  type TestApp,
} from './harness.ts';

const DAY = 24 * 3_600_000;

let t: TestApp;
let accountId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  ({ accountId } = await createTestMember(t));
});
afterAll(() => t.close());

async function userStatus(session: string): Promise<number> {
  return (await t.request('/api/user.php', { session })).status;
}

async function lastSeen(session: string): Promise<Date | undefined> {
  const [row] = await t.db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(session)));
  return row?.lastSeenAt;
}

describe('a login session', () => {
  it(`ends when unused for ${SESSION_IDLE_DAYS} days, well before its 30-day cookie`, async () => {
    t.clock.now = new Date(FIXED_NOW);
    const session = await t.login(accountId);
    t.clock.now = new Date(FIXED_NOW.getTime() + SESSION_IDLE_DAYS * DAY - 60_000);
    expect(await userStatus(session)).toBe(200);
    const idle = await t.login(accountId);
    t.clock.now = new Date(FIXED_NOW.getTime() + 2 * SESSION_IDLE_DAYS * DAY);
    expect(await userStatus(idle)).toBe(403);
    expect((await errorAnswerOf(await t.request('/api/user.php', { session: idle }))).error.code).toBe(
      'authentication_required',
    );
    t.clock.now = new Date(FIXED_NOW);
  });

  it('stays while it is used, writing its last use at most once an hour', async () => {
    t.clock.now = new Date(FIXED_NOW);
    const session = await t.login(accountId);
    const used = new Date(FIXED_NOW.getTime() + 15 * DAY);
    t.clock.now = used;
    expect(await userStatus(session)).toBe(200);
    expect(await lastSeen(session)).toEqual(used);
    // Within the hour: answered, not written again.
    t.clock.now = new Date(used.getTime() + LAST_SEEN_INTERVAL_MS - 1000);
    expect(await userStatus(session)).toBe(200);
    expect(await lastSeen(session)).toEqual(used);
    // 28 days after the login, 13 after its last use: still there, and the member is the same.
    t.clock.now = new Date(FIXED_NOW.getTime() + 28 * DAY);
    const { user } = await answerOf(getUser, await t.request('/api/user.php', { session }));
    expect(user.id).toBe(String(accountId));
    expect(await lastSeen(session)).toEqual(t.clock.now);
    t.clock.now = new Date(FIXED_NOW);
  });
});
