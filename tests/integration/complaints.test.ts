/**
 * Complaints (SPEC §2.7 'Complaints'): visitors and members send the /complaints
 * form, get a reference and a confirmation mail in their language. Staff list and handle them
 * in the back office: staff-complaints.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINTS_PER_HOUR, postComplaint, type ComplaintTopic } from '#src/contract/complaints.ts';
import { accounts, complaints } from '#src/server/db/schema.ts';
import { call, callError, createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
let ipCounter = 0;
/** Each test sends from its own address, so the per-IP limit of one test does not reach another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ deps: (d) => ({ ...d, config: { ...d.config, trustProxy: true } }) });
  await seedSiteData(t);
});
afterAll(() => t.close());

const DESCRIPTION = 'I was charged twice for the same credit bundle yesterday.';

function complaint(
  init: { ip?: string; session?: string; locale?: string; email?: string; topic?: ComplaintTopic } = {},
) {
  return {
    headers: { 'x-forwarded-for': init.ip ?? freshIp() },
    ...(init.session ? { session: init.session } : {}),
    ...(init.locale ? { cookies: { locale: init.locale } } : {}),
    body: {
      topic: init.topic ?? 'billing',
      description: DESCRIPTION,
      ...(init.email !== undefined ? { email: init.email } : {}),
    },
  };
}

const mailsTo = async (address: string) => (await t.mail.list()).filter((m) => m.to === address);

describe('sending a complaint', () => {
  it('takes a visitor’s complaint with an order and a member, and confirms it by e-mail', async () => {
    const email = 'visitor.one@example.test';
    const { reference } = await call(t, postComplaint, {
      ...complaint(),
      body: { topic: 'refund', order: 'AB12CD34', member: 'pr0f1le', description: DESCRIPTION, email },
    });
    expect(reference).toMatch(/^C-[A-Z0-9]{8}$/);
    const [row] = await t.db.select().from(complaints).where(eq(complaints.publicId, reference));
    expect(row).toMatchObject({
      topic: 'refund',
      orderRef: 'AB12CD34',
      memberRef: 'pr0f1le',
      email,
      accountId: null,
      status: 'open',
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toContain(reference);
    expect(mail?.text).toContain(reference);
  });

  it('confirms in the sender’s language', async () => {
    const email = 'visitor.de@example.test';
    const { reference } = await call(t, postComplaint, complaint({ email, locale: 'de' }));
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toContain('Beschwerde');
    expect(mail?.subject).toContain(reference);
  });

  it('asks a visitor for an e-mail address', async () => {
    const error = await callError(t, postComplaint, complaint());
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', field: 'email' });
  });

  it('uses a member’s account address unless the member gives another', async () => {
    const member = await createTestMember(t);
    const session = await t.login(member.accountId);
    const [account] = await t.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, member.accountId));
    const own = await call(t, postComplaint, complaint({ session }));
    const other = await call(t, postComplaint, complaint({ session, email: 'elsewhere@example.test' }));
    const rows = await t.db.select().from(complaints).where(eq(complaints.accountId, member.accountId));
    expect(rows.map((r) => [r.publicId, r.email]).sort()).toEqual(
      [
        [own.reference, account?.email],
        [other.reference, 'elsewhere@example.test'],
      ].sort(),
    );
    expect(await mailsTo(account?.email ?? '')).toHaveLength(1);
    expect(await mailsTo('elsewhere@example.test')).toHaveLength(1);
  });

  it('refuses a too short description, an unknown topic and a malformed address', async () => {
    const base = complaint({ email: 'x@example.test' });
    expect(
      await callError(t, postComplaint, { ...base, body: { ...base.body, description: 'Too short.' } }),
    ).toMatchObject({ code: 'invalid_input', field: 'description' });
    expect(
      await callError(t, postComplaint, {
        ...base,
        body: { ...base.body, topic: 'weather' as ComplaintTopic },
      }),
    ).toMatchObject({ code: 'invalid_input', field: 'topic' });
    expect(
      await callError(t, postComplaint, { ...base, body: { ...base.body, email: 'not-an-address' } }),
    ).toMatchObject({ code: 'invalid_input', field: 'email' });
    expect(
      await callError(t, postComplaint, { ...base, body: { ...base.body, description: 'x'.repeat(4001) } }),
    ).toMatchObject({ code: 'invalid_input', field: 'description' });
  });

  it(`takes ${COMPLAINTS_PER_HOUR} complaints an hour from one address, then waits`, async () => {
    const ip = freshIp();
    for (let i = 0; i < COMPLAINTS_PER_HOUR; i++) {
      await call(t, postComplaint, complaint({ ip, email: `limit${i}@example.test` }));
    }
    const error = await callError(t, postComplaint, complaint({ ip, email: 'limit.last@example.test' }));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(await mailsTo('limit.last@example.test')).toHaveLength(0);
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
    await call(t, postComplaint, complaint({ ip, email: 'limit.later@example.test' }));
  });

  it(`takes ${COMPLAINTS_PER_HOUR} complaints an hour from one account, from any address`, async () => {
    const session = await t.login((await createTestMember(t)).accountId);
    for (let i = 0; i < COMPLAINTS_PER_HOUR; i++) await call(t, postComplaint, complaint({ session }));
    const error = await callError(t, postComplaint, complaint({ session }));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});

describe('after sending', () => {
  it('keeps a deleted account’s complaint for staff', async () => {
    const member = await createTestMember(t);
    const { reference } = await call(t, postComplaint, complaint({ session: await t.login(member.accountId) }));
    await t.db.delete(accounts).where(eq(accounts.id, member.accountId));
    const [row] = await t.db.select().from(complaints).where(eq(complaints.publicId, reference));
    expect(row).toMatchObject({ accountId: null, description: DESCRIPTION });
  });
});
