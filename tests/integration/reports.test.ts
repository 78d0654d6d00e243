/**
 * Reports (docs/reports.md): a member reports a profile, a photo or a chat message with a
 * reason; it is stored for the moderators with the reporter's language, once while open;
 * a member cannot report themselves, reports a message only of a conversation they are in,
 * and sends at most REPORTS_PER_HOUR an hour (then 429).
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postReport, REPORT_DETAILS_MAX, REPORTS_PER_HOUR } from '#src/contract/reports.ts';
import { messages, photos, reports } from '#src/server/db/schema.ts';
import {
  call,
  callError,
  createTestApp,
  createTestMember,
  seedSiteData,
  send,
  writeTestPhotoFiles,
  type TestApp,
} from './harness.ts';
import { chatMember, sendChat, startChat, type ChatMember } from './chat-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

type ReportBody = z.input<typeof postReport.body>;

function report(who: ChatMember, body: ReportBody) {
  return call(t, postReport, { session: who.session, host: who.host, body });
}
function refused(who: ChatMember, body: ReportBody) {
  return callError(t, postReport, { session: who.session, host: who.host, body });
}

async function photoOf(profileId: number): Promise<string> {
  const [row] = await t.db.select({ id: photos.publicId }).from(photos).where(eq(photos.profileId, profileId));
  if (!row) throw new Error('no photo');
  return row.id;
}

async function withPhoto() {
  const key = await writeTestPhotoFiles(t);
  const created = await createTestMember(t, { photos: [{ key, status: 'active' }] });
  return { ...created, photo: await photoOf(created.profileId) };
}

describe('POST /api/report.php', () => {
  it('stores a profile, a photo and a message report for the moderators, once while open', async () => {
    const me = await chatMember(t, { credits: 50, paid: true });
    const other = await withPhoto();
    const first = await report(me, {
      target: 'profile',
      id: other.publicId,
      reason: 'fake',
      details: '  Stolen photos  ',
    });
    expect(first.reference).toMatch(/^R-[A-Z2-9]{8}$/);
    // The same report again while open: the same reference, nothing stored twice.
    expect(await report(me, { target: 'profile', id: other.publicId, reason: 'scam' })).toEqual(first);
    await report(me, { target: 'photo', id: other.photo, reason: 'explicit_photo' });

    const pal = await chatMember(t, { gender: 'female', credits: 50, paid: true });
    const conversation = await startChat(t, pal, me.publicId);
    await sendChat(t, pal, conversation, 'Send me money for a ticket please');
    const [message] = await t.db
      .select({ id: messages.publicId })
      .from(messages)
      .where(eq(messages.senderId, pal.profileId));
    await report(me, { target: 'message', id: message?.id ?? '', reason: 'scam' });

    const stored = await t.db.select().from(reports).where(eq(reports.reporterId, me.accountId));
    expect(stored.map((r) => [r.targetKind, r.reason, r.reportedProfileId, r.status])).toEqual(
      expect.arrayContaining([
        ['profile', 'fake', other.profileId, 'open'],
        ['photo', 'explicit_photo', other.profileId, 'open'],
        ['message', 'scam', pal.profileId, 'open'],
      ]),
    );
    expect(stored).toHaveLength(3);
    expect(stored.find((r) => r.targetKind === 'profile')).toMatchObject({
      details: 'Stolen photos',
      locale: 'en',
      siteId: 'default',
    });
  });

  it('refuses reports of oneself, of messages of other conversations, of unknown targets, and bad input', async () => {
    const me = await chatMember(t, { credits: 50, paid: true });
    const key = await writeTestPhotoFiles(t);
    const mine = await createTestMember(t, { photos: [{ key, status: 'active' }] });
    const meWithPhoto = { ...mine, session: await t.login(mine.accountId), host: 'default.localhost' };
    expect(await refused(me, { target: 'profile', id: me.publicId, reason: 'fake' })).toMatchObject({
      status: 400,
      code: 'report_self',
      message: 'You cannot report yourself.',
    });
    expect(
      await refused(meWithPhoto, { target: 'photo', id: await photoOf(mine.profileId), reason: 'fake' }),
    ).toMatchObject({ status: 400, code: 'report_self' });

    // A message of a conversation between two others: as if it did not exist.
    const a = await chatMember(t, { credits: 50, paid: true });
    const b = await chatMember(t, { gender: 'female' });
    const conversation = await startChat(t, a, b.publicId);
    await sendChat(t, a, conversation, 'A private hello');
    const [theirs] = await t.db
      .select({ id: messages.publicId })
      .from(messages)
      .where(eq(messages.senderId, a.profileId));
    expect(await refused(me, { target: 'message', id: theirs?.id ?? '', reason: 'harassment' })).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    // One's own message in one's own conversation.
    expect(await refused(a, { target: 'message', id: theirs?.id ?? '', reason: 'harassment' })).toMatchObject({
      status: 400,
      code: 'report_self',
    });
    // Another site's profile is not there.
    const elsewhere = await createTestMember(t, { siteId: 'bdsm' });
    expect(await refused(me, { target: 'profile', id: elsewhere.publicId, reason: 'fake' })).toMatchObject({
      status: 404,
    });
    expect(await refused(me, { target: 'profile', id: 'nosuchprofile1', reason: 'fake' })).toMatchObject({
      status: 404,
    });
    for (const body of [
      { target: 'profile', id: b.publicId, reason: 'boring' },
      { target: 'video', id: b.publicId, reason: 'fake' },
      { target: 'profile', id: b.publicId, reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) },
      { target: 'profile', id: b.publicId, reason: 'other', extra: true },
    ]) {
      const answer = await send(t, postReport, { session: me.session, body: body as never });
      expect(answer.status).toBe(400);
    }
    // Without a session: no report.
    expect((await send(t, postReport, { body: { target: 'profile', id: b.publicId, reason: 'fake' } })).status).toBe(
      403,
    );
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, me.accountId))).toEqual([]);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per member, then 429`, async () => {
    const me = await chatMember(t);
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => createTestMember(t)));
    for (const target of targets.slice(0, REPORTS_PER_HOUR)) {
      await report(me, { target: 'profile', id: target.publicId, reason: 'fake' });
    }
    const last = targets.at(-1);
    expect(await refused(me, { target: 'profile', id: last?.publicId ?? '', reason: 'fake' })).toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
    // Another member is not limited by it; an hour later the member may report again.
    const other = await chatMember(t);
    await report(other, { target: 'profile', id: last?.publicId ?? '', reason: 'fake' });
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
    const again = { ...me, session: await t.login(me.accountId) };
    await report(again, { target: 'profile', id: last?.publicId ?? '', reason: 'fake' });
  });
});
