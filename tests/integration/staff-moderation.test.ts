/**
 * The back office's "Reports and moderation" section (docs/staff.md, docs/reports.md): the
 * photo queue on the staff origin (one photo or several at once, each decision audited), the
 * reports queue with the reported content, decisions with the statement of reasons mailed to
 * the reported member in their language (DSA art. 17), the decision log and repeat offenders.
 * Roles moderator and admin; staff-roles.test.ts walks the other roles and callers.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getStaffModerationPhotos,
  getStaffOffenders,
  getStaffReport,
  getStaffReports,
  postStaffModerationPhotos,
  postStaffReportDecision,
} from '#src/contract/staff-moderation.ts';
import { postReport } from '#src/contract/reports.ts';
import { accounts, messages, photos, reports, sessions, staffAuditLog } from '#src/server/db/schema.ts';
import {
  answerOf,
  call,
  createTestApp,
  createTestMember,
  seedSiteData,
  writeTestPhotoFiles,
  type TestApp,
} from './harness.ts';
import { chatMember, sendChat, startChat } from './chat-fixtures.ts';
import { createTestStaff, staffLogin, staffRequest } from './staff-helpers.ts';

let t: TestApp;
let moderator: string;
let admin: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  moderator = await staffLogin(t, await createTestStaff(t, ['moderator']));
  admin = await staffLogin(t, await createTestStaff(t, ['admin']));
  finance = await staffLogin(t, await createTestStaff(t, ['finance']));
});
afterAll(async () => {
  await t.close();
});

async function photoOf(profileId: number) {
  const [row] = await t.db
    .select({ id: photos.id, publicId: photos.publicId, status: photos.status })
    .from(photos)
    .where(eq(photos.profileId, profileId));
  if (!row) throw new Error('no photo');
  return row;
}

async function memberWithPhoto(status: 'active' | 'being_inspected', language = 'en') {
  const key = await writeTestPhotoFiles(t);
  const created = await createTestMember(t, { photos: [{ key, status }], language });
  return { ...created, photo: await photoOf(created.profileId) };
}

function auditRows(targetType: string, targetId: string) {
  return t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, targetType), eq(staffAuditLog.targetId, targetId)));
}

const post = (cookie: string, path: string, json: unknown) => staffRequest(t, path, { method: 'POST', json, cookie });

describe('the photo queue', () => {
  it('lists photos being inspected and decides several at once, each audited; a decided photo is missed', async () => {
    const one = await memberWithPhoto('being_inspected');
    const two = await memberWithPhoto('being_inspected');
    const queue = await answerOf(
      getStaffModerationPhotos,
      await staffRequest(t, `${getStaffModerationPhotos.path}?order=newest`, { cookie: moderator }),
    );
    expect(queue.photos.map((photo) => photo.id)).toEqual(
      expect.arrayContaining([one.photo.publicId, two.photo.publicId]),
    );

    const approved = await answerOf(
      postStaffModerationPhotos,
      await post(moderator, postStaffModerationPhotos.path, {
        photos: [one.photo.publicId, two.photo.publicId],
        decision: 'approve',
      }),
    );
    expect(approved.decided).toEqual([one.photo.publicId, two.photo.publicId]);
    expect(approved.missed).toEqual([]);
    expect((await photoOf(one.profileId)).status).toBe('active');
    const [entry] = await auditRows('photo', one.photo.publicId);
    expect(entry).toMatchObject({ action: 'photo.approve', roles: ['moderator'], after: { status: 'active' } });

    // Already decided (by this call): missed, not decided twice.
    const again = await answerOf(
      postStaffModerationPhotos,
      await post(admin, postStaffModerationPhotos.path, {
        photos: [one.photo.publicId],
        decision: 'reject',
        reason: 'nudity',
      }),
    );
    expect(again).toMatchObject({ decided: [], missed: [one.photo.publicId] });
    expect(await auditRows('photo', one.photo.publicId)).toHaveLength(1);
  });

  it('rejects with a reason the member sees; refuses other roles and bad bodies', async () => {
    const one = await memberWithPhoto('being_inspected');
    const body = { photos: [one.photo.publicId], decision: 'reject', reason: 'quality' };
    expect((await post(finance, postStaffModerationPhotos.path, body)).status).toBe(403);
    expect((await post(moderator, postStaffModerationPhotos.path, { ...body, reason: 'ugly' })).status).toBe(400);
    expect((await post(moderator, postStaffModerationPhotos.path, { ...body, photos: [] })).status).toBe(400);
    expect((await post(moderator, postStaffModerationPhotos.path, body)).status).toBe(200);
    const [row] = await t.db.select().from(photos).where(eq(photos.id, one.photo.id));
    expect(row).toMatchObject({ status: 'rejected', rejectReason: 'quality', reviewedBy: null });
  });
});

describe('the reports queue', () => {
  it('shows the reported photo; removing it takes it down, closes every open report of it and mails the statement in the member’s language', async () => {
    const owner = await memberWithPhoto('active', 'de');
    const reporters = [await chatMember(t), await chatMember(t)];
    const references: string[] = [];
    for (const reporter of reporters) {
      const { reference } = await call(t, postReport, {
        session: reporter.session,
        body: { target: 'photo', id: owner.photo.publicId, reason: 'explicit_photo' },
      });
      references.push(reference);
    }
    const [first, second] = references as [string, string];

    const list = await answerOf(getStaffReports, await staffRequest(t, getStaffReports.path, { cookie: moderator }));
    const shown = list.reports.find((report) => report.id === first);
    expect(shown).toMatchObject({ status: 'open', target: 'photo', photo: { id: owner.photo.publicId } });
    expect(list.total_open).toBeGreaterThanOrEqual(2);

    const mailsBefore = (await t.mail.list()).length;
    const decided = await answerOf(
      postStaffReportDecision,
      await post(moderator, postStaffReportDecision.path, {
        id: first,
        decision: 'remove_content',
        ground: 'explicit_content',
        reason: 'Nude photo, clearly against the rules',
      }),
    );
    expect(decided).toMatchObject({ statement_sent: true, report: { status: 'actioned' } });
    expect(await photoOf(owner.profileId)).toMatchObject({ status: 'rejected' });
    const [other] = await t.db.select().from(reports).where(eq(reports.publicId, second));
    expect(other?.status).toBe('actioned');

    const mails = await t.mail.list();
    expect(mails.length).toBe(mailsBefore + 1);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    const statement = mails[0];
    expect(statement?.to).toBe(account?.email);
    // German: the facts, the decision, the ground, the redress.
    expect(statement?.subject).toContain('unsere Entscheidung');
    expect(statement?.text).toContain(first);
    expect(statement?.text).toContain('Wir haben das Foto entfernt');
    expect(statement?.text).toContain('sexuell explizite');
    expect(statement?.text).toContain('Widerspruch');
    expect(statement?.text).toMatch(/http:\/\/(de\.)?default\.localhost:\d+\/complaints/);

    // The decision log: who decided what, and the statement sent.
    const page = await answerOf(
      getStaffReport,
      await staffRequest(t, `${getStaffReport.path}?id=${first}`, { cookie: admin }),
    );
    expect(page.log.map((entry) => [entry.action, entry.staff_email.startsWith('staff.'), entry.reason])).toEqual([
      ['report.decide', true, 'Nude photo, clearly against the rules'],
      ['report.statement', true, null],
    ]);
    expect(page.log[0]?.after).toMatchObject({ decision: 'remove_content', ground: 'explicit_content' });
    expect(page.log[1]?.after).toMatchObject({ sent: true, language: 'de' });

    // Decided already: 409 report_decided, nothing changes.
    const twice = await post(admin, postStaffReportDecision.path, {
      id: first,
      decision: 'ban',
      ground: 'explicit_content',
      reason: 'again',
    });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: { code: string } }).error.code).toBe('report_decided');
  });

  it('shows a message’s text; a ban closes the account and its sessions; no violation mails nobody', async () => {
    const reporter = await chatMember(t, { credits: 50, paid: true });
    const sender = await chatMember(t, { gender: 'female', credits: 50, paid: true });
    await t.db.update(accounts).set({ language: 'fr' }).where(eq(accounts.id, sender.accountId));
    const conversation = await startChat(t, sender, reporter.publicId);
    await sendChat(t, sender, conversation, 'Send me 500 euros for a ticket');
    const [message] = await t.db
      .select({ id: messages.publicId })
      .from(messages)
      .where(eq(messages.senderId, sender.profileId));
    const { reference } = await call(t, postReport, {
      session: reporter.session,
      body: { target: 'message', id: message?.id ?? '', reason: 'scam' },
    });
    const { reference: profileReport } = await call(t, postReport, {
      session: reporter.session,
      body: { target: 'profile', id: sender.publicId, reason: 'fake' },
    });

    const page = await answerOf(
      getStaffReport,
      await staffRequest(t, `${getStaffReport.path}?id=${reference}`, { cookie: moderator }),
    );
    expect(page.report.message).toMatchObject({ kind: 'text', text: 'Send me 500 euros for a ticket' });

    // Content removal is for photos only.
    const invalid = await post(moderator, postStaffReportDecision.path, {
      id: reference,
      decision: 'remove_content',
      ground: 'scam',
      reason: 'asks for money',
    });
    expect(invalid.status).toBe(400);

    // The reported member's mails (the chat's notification mails to the reporter may still
    // arrive meanwhile, later on PostgreSQL).
    const [reported] = await t.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, sender.accountId));
    const mailsToReported = async () => (await t.mail.list()).filter((mail) => mail.to === reported?.email);
    const mailsBefore = (await mailsToReported()).length;
    await answerOf(
      postStaffReportDecision,
      await post(moderator, postStaffReportDecision.path, {
        id: profileReport,
        decision: 'no_violation',
        ground: 'fake_profile',
        reason: 'photos look genuine',
      }),
    );
    expect((await mailsToReported()).length).toBe(mailsBefore);

    const banned = await answerOf(
      postStaffReportDecision,
      await post(moderator, postStaffReportDecision.path, {
        id: reference,
        decision: 'ban',
        ground: 'scam',
        reason: 'asks for money for a ticket',
      }),
    );
    expect(banned).toMatchObject({ statement_sent: true, report: { status: 'actioned' } });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, sender.accountId));
    expect(account?.status).toBe('banned');
    expect(await t.db.select().from(sessions).where(eq(sessions.accountId, sender.accountId))).toEqual([]);
    const [statement] = await mailsToReported();
    expect(statement?.to).toBe(account?.email);
    expect(statement?.text).toContain('Nous avons fermé votre compte');
    expect(statement?.text).toContain(reference);

    // Closed reports, the newest reports first; the offender counts one upheld report.
    const closed = await answerOf(
      getStaffReports,
      await staffRequest(t, `${getStaffReports.path}?view=closed`, { cookie: moderator }),
    );
    expect(closed.reports.slice(0, 2).map((report) => [report.id, report.status])).toEqual([
      [profileReport, 'dismissed'],
      [reference, 'actioned'],
    ]);
    const offenders = await answerOf(
      getStaffOffenders,
      await staffRequest(t, getStaffOffenders.path, { cookie: moderator }),
    );
    expect(offenders.offenders.find((row) => row.profile_id === sender.publicId)).toMatchObject({
      upheld: 1,
      account_status: 'banned',
    });
  });

  it('answers 404 for an unknown report, 400 for a bad site, 403 for finance', async () => {
    const unknown = await staffRequest(t, `${getStaffReport.path}?id=R-NOPE2345`, { cookie: moderator });
    expect(unknown.status).toBe(404);
    expect((await staffRequest(t, `${getStaffReports.path}?site=nowhere`, { cookie: moderator })).status).toBe(400);
    expect((await staffRequest(t, getStaffReports.path, { cookie: finance })).status).toBe(403);
  });
});
