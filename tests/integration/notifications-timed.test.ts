/**
 * The timed mails of the hourly job (docs/notifications.md 'Timed mails'): the reminder after a
 * day away (`reminders`), the time bonus's last hour (`promotions`) and the monthly news
 * (`news`), each under its preference, with the one-click unsubscribe, only in the member's
 * sending hours (09:00–21:00 in the profile country's time zone; the test members live in the
 * Netherlands, UTC+2 in summer) and once (a run again sends nothing twice). Mails are read
 * from the outbox provider on a fake clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postLike } from '#src/contract/likes.ts';
import { putNotificationSettings } from '#src/contract/notifications.ts';
import { accounts, notificationMails } from '#src/server/db/schema.ts';
import { runNotificationJobs } from '#src/server/features/notifications/jobs.ts';
import { inSendingHours, localHour } from '#src/server/features/notifications/local-time.ts';
import { notificationMailsSettled } from '#src/server/features/notifications/sender.ts';
import type { SentMail } from '#src/server/providers/mail/types.ts';
import { chatMember, type ChatMember } from './chat-fixtures.ts';
import { call, createTestApp, FIXED_NOW, seedSiteData, type TestApp } from './harness.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterEach(() => {
  t.clock.now = new Date(FIXED_NOW);
});
afterAll(async () => {
  await notificationMailsSettled();
  await t.close();
});

/** The mails the outbox holds for a member, oldest first. */
async function mailsTo(member: ChatMember): Promise<SentMail[]> {
  await notificationMailsSettled();
  const [row] = await t.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, member.accountId));
  return (await t.mail.list()).filter((m) => m.to === row?.email).reverse();
}

/** A UTC moment `days` after FIXED_NOW's day at `hour`:00 UTC. */
function at(days: number, hour: number): Date {
  const day = new Date(FIXED_NOW);
  day.setUTCHours(hour, 0, 0, 0);
  return new Date(day.getTime() + days * DAY);
}

async function runAt(moment: Date): Promise<void> {
  t.clock.now = moment;
  await runNotificationJobs(t.deps);
}

function prefer(member: ChatMember, body: Record<string, boolean>) {
  return call(t, putNotificationSettings, { session: member.session, body });
}

describe('local time', () => {
  it('knows the hour where the member lives and keeps the quiet hours', () => {
    const evening = new Date('2025-06-01T19:30:00Z');
    expect(localHour('NL', evening)).toBe(21);
    expect(inSendingHours('NL', evening)).toBe(false);
    expect(localHour('US', evening)).toBe(14);
    expect(inSendingHours('US', evening)).toBe(true);
    expect(inSendingHours('AU', evening)).toBe(false);
    expect(inSendingHours('NL', new Date('2025-06-02T07:00:00Z'))).toBe(true);
  });
});

describe('the reminder after a day away', () => {
  it('tells a member away for a day what waits, in the sending hours, once per absence', async () => {
    const her = await chatMember(t, { gender: 'female' });
    // No like mail: the reminder is the first she hears of it.
    await prefer(her, { like: false });
    const him = await chatMember(t);
    t.clock.now = at(0, 13);
    await call(t, postLike, { session: him.session, host: him.host, body: { profile: her.publicId } });

    await runAt(at(0, 20));
    expect(await mailsTo(her)).toEqual([]);
    // A day later, at 23:00 in Amsterdam: the quiet hours.
    await runAt(at(1, 21));
    expect(await mailsTo(her)).toEqual([]);
    // 09:00 in Amsterdam.
    await runAt(at(2, 7));
    const [mail, ...more] = await mailsTo(her);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Something is waiting for you on Flirtmoment');
    expect(mail?.text).toContain('- 1 new like');
    expect(mail?.text).toContain('/likes');
    expect(mail?.text).toContain('“Reminders about my account”');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/unsubscribe\.php\?token=/);

    // Still away: not again.
    await runAt(at(3, 10));
    expect(await mailsTo(her)).toHaveLength(1);

    // She comes back, leaves again, and a new like waits: a new absence, a new reminder.
    t.clock.now = at(3, 11);
    const back = await t.login(her.accountId);
    expect(back).toBeTruthy();
    const other = await chatMember(t);
    t.clock.now = at(3, 12);
    await call(t, postLike, { session: other.session, host: other.host, body: { profile: her.publicId } });
    await runAt(at(4, 13));
    const mails = await mailsTo(her);
    expect(mails).toHaveLength(2);
    // What came since she left this time.
    expect(mails[1]?.text).toContain('- 1 new like');
  });

  it('sends nothing when nothing waits, when reminders are off, or when a mail told of it already', async () => {
    const idle = await chatMember(t, { gender: 'female' });
    const off = await chatMember(t, { gender: 'female' });
    await prefer(off, { like: false, reminders: false });
    const told = await chatMember(t, { gender: 'female' });
    const him = await chatMember(t);
    t.clock.now = at(0, 13);
    for (const member of [off, told])
      await call(t, postLike, { session: him.session, host: him.host, body: { profile: member.publicId } });
    const toldBefore = (await mailsTo(told)).length;
    expect(toldBefore).toBe(1);

    await runAt(at(2, 10));
    expect(await mailsTo(idle)).toEqual([]);
    expect(await mailsTo(off)).toEqual([]);
    expect(await mailsTo(told)).toHaveLength(toldBefore);
  });
});

describe('the time bonus’s last hour', () => {
  it('mails a member who opted in and has not bought, an hour before the bonus ends, once', async () => {
    t.clock.now = at(10, 8);
    const keen = await chatMember(t, { gender: 'female' });
    await prefer(keen, { promotions: true });
    const notAsked = await chatMember(t, { gender: 'female' });
    const paid = await chatMember(t, { gender: 'female', paid: true });
    await prefer(paid, { promotions: true });

    // Two hours left: not yet.
    await runAt(at(10, 10));
    expect(await mailsTo(keen)).toEqual([]);
    // 40 minutes left (13:20 in Amsterdam).
    await runAt(new Date(at(10, 11).getTime() + 20 * 60_000));
    const [mail, ...more] = await mailsTo(keen);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Last hour: 25% off your first credits');
    expect(mail?.text).toContain('/credits');
    expect(mail?.text).toContain('“Offers and discounts”');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/unsubscribe\.php\?token=/);
    // A second run in the same hour sends nothing more.
    await runAt(new Date(at(10, 11).getTime() + 50 * 60_000));
    expect(await mailsTo(keen)).toHaveLength(1);
    expect(await mailsTo(notAsked)).toEqual([]);
    expect(await mailsTo(paid)).toEqual([]);
  });

  it('says nothing in the quiet hours (the bonus is over by morning)', async () => {
    t.clock.now = at(11, 17);
    const late = await chatMember(t, { gender: 'female' });
    await prefer(late, { promotions: true });
    // 20:30 UTC is 22:30 in Amsterdam, half an hour before the bonus ends.
    await runAt(new Date(at(11, 20).getTime() + 30 * 60_000));
    await runAt(at(12, 8));
    expect(await mailsTo(late)).toEqual([]);
  });
});

describe('the monthly news', () => {
  it('tells members who opted in what last month brought, once a month', async () => {
    // Members who joined in June (FIXED_NOW is 1 June): the news of July 1 counts them.
    const reader = await chatMember(t, { gender: 'female' });
    await prefer(reader, { news: true });
    const notAsked = await chatMember(t, { gender: 'female' });
    await chatMember(t); // a man joining in June, whom the reader looks for

    await runAt(new Date('2025-07-01T05:00:00Z'));
    expect(await mailsTo(reader)).toEqual([]); // 07:00 in Amsterdam
    await runAt(new Date('2025-07-01T08:00:00Z'));
    const [mail, ...more] = await mailsTo(reader);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('News from Flirtmoment');
    expect(mail?.text).toMatch(/- \d+ new members? near you/);
    expect(mail?.text).toContain('match finder');
    expect(mail?.text).toContain('“News about the site”');
    await runAt(new Date('2025-07-20T10:00:00Z'));
    expect(await mailsTo(reader)).toHaveLength(1);
    expect(await mailsTo(notAsked)).toEqual([]);

    // Nobody joined in July: August has nothing to tell, and counts as done.
    await runAt(new Date('2025-08-01T10:00:00Z'));
    expect(await mailsTo(reader)).toHaveLength(1);
    const rows = await t.db.select().from(notificationMails).where(eq(notificationMails.accountId, reader.accountId));
    expect(rows.find((row) => row.kind === 'news')?.sentAt.toISOString()).toBe('2025-08-01T10:00:00.000Z');
  });
});
