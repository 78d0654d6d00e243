/**
 * Complaints in the back office (docs/complaints.md "Staff", docs/staff.md "Reports and
 * moderation"): the complaints the member sites' form stored, listed by status (open oldest
 * first, handled newest first, or the order asked), site and topic, paged on the server; one
 * complaint with its log; marking it handled or open again with a note, each change audited in
 * its transaction, a second identical change refused (409). Who may call: staff-roles.test.ts.
 * Also: /moderation on a member site answers 302 to this section on the staff origin.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postComplaint } from '#src/contract/complaints.ts';
import {
  COMPLAINTS_PAGE_SIZE,
  getStaffComplaint,
  getStaffComplaints,
  postStaffComplaintStatus,
} from '#src/contract/staff-moderation.ts';
import { complaints, staffAuditLog } from '#src/server/db/schema.ts';
import { answerOf, call, createTestApp, errorAnswerOf, seedSiteData, type TestApp } from './harness.ts';
import { createTestStaff, staffLogin, staffRequest } from './staff-helpers.ts';

let t: TestApp;
let moderator: string;
let admin: string;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({ deps: (d) => ({ ...d, config: { ...d.config, trustProxy: true } }) });
  await seedSiteData(t);
  moderator = await staffLogin(t, await createTestStaff(t, ['moderator']));
  admin = await staffLogin(t, await createTestStaff(t, ['admin']));
});
afterAll(async () => {
  await t.close();
});

/** A visitor's complaint through the member site's form (each from its own address). */
async function send(init: { site?: string; topic?: 'billing' | 'privacy' | 'refund'; email?: string } = {}) {
  const { reference } = await call(t, postComplaint, {
    host: `${init.site ?? 'default'}.localhost`,
    headers: { 'x-forwarded-for': `198.51.100.${++ip}` },
    body: {
      topic: init.topic ?? 'billing',
      description: 'I was charged twice for the same credit bundle yesterday.',
      email: init.email ?? `visitor.${ip}@example.test`,
    },
  });
  return reference;
}

const list = async (cookie: string, query = '') =>
  answerOf(getStaffComplaints, await staffRequest(t, `${getStaffComplaints.path}${query}`, { cookie }));

const mark = (cookie: string, json: unknown) =>
  staffRequest(t, postStaffComplaintStatus.path, { method: 'POST', json, cookie });

describe('the complaints list', () => {
  it('lists open complaints oldest first with the sender’s address, handled ones newest first', async () => {
    const first = await send({ email: 'first.sender@example.test', topic: 'privacy' });
    const second = await send();
    const open = await list(moderator);
    const refs = open.complaints.map((c) => c.reference);
    expect(refs.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(refs.indexOf(first)).toBeLessThan(refs.indexOf(second));
    expect(open.complaints.find((c) => c.reference === first)).toMatchObject({
      site: 'default',
      topic: 'privacy',
      email: 'first.sender@example.test',
      from_member: false,
      status: 'open',
      handled_at: null,
    });
    const newest = await list(admin, '?order=newest');
    const newestRefs = newest.complaints.map((c) => c.reference);
    expect(newestRefs.indexOf(second)).toBeLessThan(newestRefs.indexOf(first));

    for (const reference of [first, second]) {
      expect((await mark(moderator, { id: reference, status: 'handled', reason: 'Answered by mail' })).status).toBe(
        200,
      );
    }
    const handled = await list(moderator, '?status=handled');
    expect(handled.complaints.map((c) => c.reference).slice(0, 2)).toEqual([second, first]);
    expect((await list(moderator)).complaints.map((c) => c.reference)).not.toContain(first);
  });

  it('filters by site and topic, with the total of the filters', async () => {
    const onShe = await send({ site: 'she', topic: 'refund' });
    const onDefault = await send({ topic: 'refund' });
    const she = await list(moderator, '?site=she');
    expect(she.complaints.map((c) => c.site)).toEqual(she.complaints.map(() => 'she'));
    expect(she.complaints.map((c) => c.reference)).toContain(onShe);
    expect(she.total).toBe(she.complaints.length);
    const refunds = await list(moderator, '?topic=refund');
    expect(refunds.complaints.map((c) => c.reference)).toEqual(expect.arrayContaining([onShe, onDefault]));
    expect(refunds.complaints.every((c) => c.topic === 'refund')).toBe(true);
    const bad = await staffRequest(t, `${getStaffComplaints.path}?site=nosuchsite`, { cookie: moderator });
    expect(bad.status).toBe(400);
    expect(await errorAnswerOf(bad)).toMatchObject({ error: { code: 'invalid_input', field: 'site' } });
  });

  it(`pages on the server, ${COMPLAINTS_PAGE_SIZE} at a time`, async () => {
    for (let i = 0; i <= COMPLAINTS_PAGE_SIZE; i++) await send({ site: 'gay' });
    const page = await list(moderator, '?site=gay');
    expect(page.complaints).toHaveLength(COMPLAINTS_PAGE_SIZE);
    expect(page.total).toBe(COMPLAINTS_PAGE_SIZE + 1);
    expect(page.next).not.toBeNull();
    const rest = await list(moderator, `?site=gay&after=${page.next}`);
    expect(rest.complaints).toHaveLength(1);
    expect(rest.next).toBeNull();
    expect(page.complaints.map((c) => c.reference)).not.toContain(rest.complaints[0]?.reference);
  });
});

describe('handling a complaint', () => {
  it('marks it handled and open again, each change audited with its note; the log shows both', async () => {
    const reference = await send();
    const handled = await answerOf(
      postStaffComplaintStatus,
      await mark(moderator, { id: reference, status: 'handled', reason: 'Refunded the double charge' }),
    );
    expect(handled.complaint).toMatchObject({ reference, status: 'handled', handled_at: t.clock.now.toISOString() });
    const [row] = await t.db.select().from(complaints).where(eq(complaints.publicId, reference));
    expect(row).toMatchObject({ status: 'handled', handledBy: null });

    const reopened = await answerOf(
      postStaffComplaintStatus,
      await mark(admin, { id: reference, status: 'open', reason: 'The sender wrote again' }),
    );
    expect(reopened.complaint).toMatchObject({ status: 'open', handled_at: null });

    const entries = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'complaint'), eq(staffAuditLog.targetId, reference)));
    expect(entries.map((e) => [e.action, e.roles, e.before, e.after, e.reason])).toEqual([
      ['complaint.handle', ['moderator'], { status: 'open' }, { status: 'handled' }, 'Refunded the double charge'],
      ['complaint.reopen', ['admin'], { status: 'handled' }, { status: 'open' }, 'The sender wrote again'],
    ]);

    const page = await answerOf(
      getStaffComplaint,
      await staffRequest(t, `${getStaffComplaint.path}?id=${reference}`, { cookie: moderator }),
    );
    expect(page.complaint).toMatchObject({ reference, status: 'open' });
    expect(page.complaint.description).toContain('twice');
    expect(page.log.map((entry) => entry.action)).toEqual(['complaint.handle', 'complaint.reopen']);
  });

  it('refuses a change to the status it has (409), an unknown complaint (404) and a missing note', async () => {
    const reference = await send();
    await mark(moderator, { id: reference, status: 'handled', reason: 'Answered' });
    const twice = await mark(admin, { id: reference, status: 'handled', reason: 'Answered too' });
    expect(twice.status).toBe(409);
    expect((await errorAnswerOf(twice)).error.code).toBe('complaint_unchanged');
    const unknown = await mark(moderator, { id: 'C-NOSUCH00', status: 'handled', reason: 'Answered' });
    expect(unknown.status).toBe(404);
    const noNote = await mark(moderator, { id: reference, status: 'open', reason: '' });
    expect(noNote.status).toBe(400);
    const entries = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'complaint'), eq(staffAuditLog.targetId, reference)));
    expect(entries).toHaveLength(1);
    const missing = await staffRequest(t, `${getStaffComplaint.path}?id=C-NOSUCH00`, { cookie: moderator });
    expect(missing.status).toBe(404);
  });
});

describe('the member sites', () => {
  it('send /moderation to the back office’s moderation section (302)', async () => {
    for (const path of ['/moderation', '/moderation/']) {
      const response = await t.request(path, { host: 'default.localhost:4321' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('http://staff.localhost:4321/moderation');
    }
    const german = await t.request('/moderation?x=1', { host: 'de.she.localhost:4321' });
    expect(german.headers.get('location')).toBe('http://staff.localhost:4321/moderation');
  });
});
