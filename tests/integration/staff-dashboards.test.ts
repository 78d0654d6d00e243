/**
 * The back office's dashboards (docs/staff.md "Dashboards"): the hourly roll-up of the daily
 * aggregates on seeded data (signups, activations, first purchases, revenue, credits spent,
 * the moderation backlog; per day, site and country; the chat pals' answer times per day and
 * site; idempotent), and the calls reading them: roles, ranges, CSV.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_TIME_BOUNDS_S,
  answerTimePercentile,
  getStaffDashboards,
  getStaffDashboardsCsv,
  postStaffDashboardsRollup,
  type DailyRow,
} from '#src/contract/staff-dashboards.ts';
import {
  accounts,
  conversations,
  creditLedger,
  dailyAnswerTimes,
  dailyStats,
  messages,
  orders,
} from '#src/server/db/schema.ts';
import { rollUpDailyStats } from '#src/server/features/staff-dashboards/index.ts';
import { HOURLY_TASKS } from '#src/server/jobs/hourly.ts';
import {
  answerOf,
  createTestApp,
  createTestMember,
  errorAnswerOf,
  seedSiteData,
  writeTestPhotoFiles,
  type TestApp,
} from './harness.ts';
import { chatPal } from './chat-fixtures.ts';
import { createTestStaff, staffLogin, staffRequest } from './staff-helpers.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
let t: TestApp;
let finance: string;
let now: Date;
let today: string;
let yesterday: string;
let orderCounter = 0;

async function paidOrder(accountId: number, siteId: string, at: Date, amountMinor: number, status = 'completed') {
  orderCounter += 1;
  await t.db.insert(orders).values({
    publicId: `dash${orderCounter}`.padEnd(12, '0'),
    accountId,
    siteId,
    packageKey: 'p1',
    credits: 50,
    country: siteId === 'she' ? 'DE' : 'NL',
    currency: 'EUR',
    listPriceMinor: amountMinor,
    amountMinor,
    method: 'card',
    kind: 'checkout',
    provider: 'sandbox',
    locale: 'en',
    returnUrl: '/',
    status: status as 'completed',
    completedAt: status === 'failed' ? null : at,
    createdAt: at,
  });
}

function rowOf(rows: DailyRow[], day: string, site: string, country: string): DailyRow | undefined {
  return rows.find((row) => row.day === day && row.site === site && row.country === country);
}

async function read(query: string, cookie = finance) {
  return staffRequest(t, `${getStaffDashboards.path}?${query}`, { cookie });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  finance = await staffLogin(t, await createTestStaff(t, ['finance']));
  now = t.clock.now;
  today = now.toISOString().slice(0, 10);
  const before = new Date(now.getTime() - DAY);
  yesterday = before.toISOString().slice(0, 10);

  // Today on the default site (NL): two signups, one activation, two orders of one member
  // (one first purchase), five credits spent, one photo waiting for moderation.
  const anna = await createTestMember(t, { now });
  const photo = await writeTestPhotoFiles(t);
  await createTestMember(t, { now, photos: [{ key: photo, status: 'being_inspected' }] });
  await t.db.update(accounts).set({ confirmedAt: now }).where(eq(accounts.id, anna.accountId));
  await paidOrder(anna.accountId, 'default', now, 1995);
  await paidOrder(anna.accountId, 'default', new Date(now.getTime() + 1000), 995);
  await paidOrder(anna.accountId, 'default', now, 4995, 'failed');
  await t.db.insert(creditLedger).values([
    { accountId: anna.accountId, delta: 100, balanceAfter: 100, reason: 'purchase', reference: 'o1', createdAt: now },
    { accountId: anna.accountId, delta: -5, balanceAfter: 95, reason: 'message', reference: 'm1', createdAt: now },
  ]);
  // Yesterday on she (DE): one signup with its first purchase.
  const bert = await createTestMember(t, { siteId: 'she', country: 'DE', regionId: null, city: null, now: before });
  await paidOrder(bert.accountId, 'she', before, 2995);

  // Today anna writes a chat pal of default twice; 12 minutes after her first message the
  // chat pal answers, and adds a second message a minute later (no answer: nobody asked).
  const pal = await chatPal(t, 'default');
  const [low, high] = [anna.profileId, pal.profileId].sort((a, b) => a - b) as [number, number];
  const [chat] = await t.db
    .insert(conversations)
    .values({ publicId: 'dashchat0001', profileLow: low, profileHigh: high, startedBy: anna.profileId })
    .returning({ id: conversations.id });
  const said = (n: number, senderId: number, minutesAgo: number) => ({
    publicId: `dashmsg${n}`.padEnd(12, '0'),
    conversationId: chat!.id,
    senderId,
    kind: 'text' as const,
    body: 'hi',
    createdAt: new Date(now.getTime() - minutesAgo * MINUTE),
  });
  await t.db
    .insert(messages)
    .values([said(1, anna.profileId, 40), said(2, anna.profileId, 35), said(3, pal.profileId, 28)]);
  await t.db.insert(messages).values(said(4, pal.profileId, 27));
});
afterAll(() => t.close());

describe('the daily roll-up', () => {
  it('is an hourly task', () => {
    expect(HOURLY_TASKS.map((task) => task.name)).toContain('daily-stats');
  });

  it('counts per day, site and country, and gives the same rows when run again', async () => {
    await rollUpDailyStats(t.db, now);
    const first = await answerOf(getStaffDashboards, await read(`from=${yesterday}&to=${today}`));
    await rollUpDailyStats(t.db, now);
    const { rows } = await answerOf(getStaffDashboards, await read(`from=${yesterday}&to=${today}`));
    expect(rows).toEqual(first.rows);

    expect(rowOf(rows, today, 'default', 'NL')).toMatchObject({
      signups: 2,
      activations: 1,
      first_purchases: 1,
      purchases: 2,
      revenue_minor: 1995 + 995,
      currency: 'EUR',
      credits_spent: 5,
    });
    expect(rowOf(rows, today, 'default', '')).toMatchObject({ moderation_backlog: 1, signups: 0 });
    expect(rowOf(rows, yesterday, 'she', 'DE')).toMatchObject({
      signups: 1,
      first_purchases: 1,
      purchases: 1,
      revenue_minor: 2995,
    });
    expect(rowOf(rows, today, 'she', 'DE')).toBeUndefined();
  });

  it("reports the chat pals' answer times per day and site from the roll-up, the same when run again", async () => {
    await rollUpDailyStats(t.db, now);
    await rollUpDailyStats(t.db, now);
    const { answer_times } = await answerOf(getStaffDashboards, await read(`from=${yesterday}&to=${today}`));
    expect(answer_times.map(({ day, site, answers }) => ({ day, site, answers }))).toEqual([
      { day: today, site: 'default', answers: 1 },
    ]);
    const [row] = answer_times;
    expect(row?.buckets).toHaveLength(ANSWER_TIME_BOUNDS_S.length + 1);
    // 12 minutes from anna's first message to the answer: within the bucket of 12 to 13 minutes.
    for (const share of [0.5, 0.9]) {
      const seconds = answerTimePercentile(row?.buckets ?? [], share) ?? 0;
      expect(seconds).toBeGreaterThanOrEqual(12 * 60);
      expect(seconds).toBeLessThan(13 * 60);
    }
    // Another site's dashboard does not show them.
    const she = await answerOf(getStaffDashboards, await read(`from=${yesterday}&to=${today}&site=she`));
    expect(she.answer_times).toEqual([]);
  });

  it('rolls up now when asked from the screen', async () => {
    await t.db.delete(dailyAnswerTimes);
    await t.db.delete(dailyStats);
    const response = await staffRequest(t, postStaffDashboardsRollup.path, { method: 'POST', cookie: finance });
    expect(await answerOf(postStaffDashboardsRollup, response)).toEqual({ computed_at: now.toISOString() });
    const again = await answerOf(getStaffDashboards, await read(`from=${today}&to=${today}`));
    expect(again.answer_times.map((row) => row.answers)).toEqual([1]);
    expect(rowOf(again.rows, today, 'default', 'NL')).toMatchObject({ signups: 2 });
  });

  it('filters by site and answers the same rows as CSV', async () => {
    const { rows } = await answerOf(getStaffDashboards, await read(`from=${yesterday}&to=${today}&site=she`));
    expect(new Set(rows.map((row) => row.site))).toEqual(new Set(['she']));
    const csv = await staffRequest(t, `${getStaffDashboardsCsv.path}?from=${yesterday}&to=${today}&site=she`, {
      cookie: finance,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,site,country,signups,activations,first_purchases,purchases,revenue_minor,currency,messages_sent,credits_spent,moderation_backlog',
    );
    expect(lines).toHaveLength(rows.length + 1);
  });
});

describe('who reads them', () => {
  it('answers admins, finance and marketing; refuses moderators and operators', async () => {
    for (const role of ['admin', 'marketing'] as const) {
      const cookie = await staffLogin(t, await createTestStaff(t, [role]));
      expect((await read(`from=${today}&to=${today}`, cookie)).status).toBe(200);
    }
    for (const role of ['moderator', 'operator'] as const) {
      const cookie = await staffLogin(t, await createTestStaff(t, [role]));
      const response = await read(`from=${today}&to=${today}`, cookie);
      expect(response.status).toBe(403);
      expect((await errorAnswerOf(response)).error.code).toBe('forbidden');
    }
  });

  it('answers 400 for a backwards or too long range, a bad date or an unknown site', async () => {
    for (const query of [
      `from=${today}&to=${yesterday}`,
      'from=2020-01-01&to=2026-01-01',
      'from=yesterday&to=today',
      `from=${today}&to=${today}&site=nosuchsite`,
      '',
    ]) {
      const response = await read(query);
      expect(response.status, query).toBe(400);
      expect((await errorAnswerOf(response)).error.code).toBe('invalid_input');
    }
  });
});
