/**
 * The member page's further calls (docs/staff.md "Members"): photos through the staff photo
 * call in every status, conversations and reading one's messages with a written reason (its
 * audit entry names the conversation), notes as append-only audit entries, resend activation
 * (rate-limited with the member's own requests), the data export and deletion (admin, with a
 * fresh second factor; the purge later erases the account). Each: success, a role the call
 * does not list (403), a missing reason (400) and the audit entry. The search list shows each
 * member's note count and the latest note's first words, from one query for the whole page.
 * A photo message of a conversation read with a reason is served through the staff call, only
 * to the staff member who gave the reason and only for that member's conversations.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  getStaffMemberConversations,
  getStaffMemberNotes,
  getStaffMemberPhotos,
  getStaffMessagePhoto,
  postStaffMemberActivationMail,
  postStaffMemberConversation,
  postStaffMemberDelete,
  postStaffMemberExport,
  postStaffMemberNote,
  MESSAGES_PAGE_SIZE,
} from '#src/contract/staff-members.ts';
import { getStaffMembers, NOTE_PREVIEW_MAX, postStaffReauth, type StaffMemberSearchRow } from '#src/contract/staff.ts';
import { accounts, conversations, messages, photos, profiles, staffAuditLog } from '#src/server/db/schema.ts';
import { purgeDeletedAccounts } from '#src/server/features/accounts/index.ts';
import { REACTIVATION_WINDOW_DAYS } from '#src/lib/constants.ts';
import { createTestApp, createTestMember, json, seedSiteData, writeTestPhotoFiles, type TestApp } from './harness.ts';
import { mailsTo } from './accounts-helpers.ts';
import { createTestStaff, staffLogin, staffRequest, totpNow, type TestStaff } from './staff-helpers.ts';

const MINUTE = 60_000;

let t: TestApp;
let moderator: string;
let finance: string;
let adminStaff: TestStaff;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  moderator = await staffLogin(t, await createTestStaff(t, ['moderator']));
  finance = await staffLogin(t, await createTestStaff(t, ['finance']));
  adminStaff = await createTestStaff(t, ['admin']);
  admin = await staffLogin(t, adminStaff);
});
afterAll(async () => {
  await t.close();
});

async function status(response: Response): Promise<{ status: number; code: string | null }> {
  const text = await response.text();
  let code: string | null = null;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    // Not JSON.
  }
  return { status: response.status, code };
}

async function lastAudit(accountId: number, action: string) {
  const [row] = await t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetId, String(accountId)), eq(staffAuditLog.action, action)))
    .orderBy(desc(staffAuditLog.id))
    .limit(1);
  return row;
}

/** A conversation between two members with `count` messages, alternating senders. */
async function conversation(a: { profileId: number }, b: { profileId: number }, count: number) {
  const [low, high] = [a.profileId, b.profileId].sort((x, y) => x - y) as [number, number];
  const publicId = `c${low}x${high}`.slice(0, 16);
  const [chat] = await t.db
    .insert(conversations)
    .values({ publicId, profileLow: low, profileHigh: high, startedBy: a.profileId, lastMessageAt: t.clock.now })
    .returning({ id: conversations.id });
  for (let i = 0; i < count; i += 1) {
    await t.db.insert(messages).values({
      publicId: `m${low}x${high}x${i}`.slice(0, 16),
      conversationId: chat!.id,
      senderId: i % 2 === 0 ? a.profileId : b.profileId,
      kind: 'text',
      body: `Message number ${i}`,
    });
  }
  return publicId;
}

describe('photos', () => {
  it('lists every photo in every status with staff photo URLs, for moderators and admins', async () => {
    const active = await writeTestPhotoFiles(t);
    const inspected = await writeTestPhotoFiles(t);
    const member = await createTestMember(t, {
      photos: [
        { key: active, status: 'active', premium: true },
        { key: inspected, status: 'being_inspected' },
      ],
    });
    const answer = await json<{ photos: { id: string; status: string; main: boolean; thumb_url: string }[] }>(
      await staffRequest(t, `${getStaffMemberPhotos.path}?id=${member.accountId}`, { cookie: moderator }),
    );
    expect(answer.photos.map((p) => [p.status, p.main])).toEqual([
      ['active', true],
      ['being_inspected', false],
    ]);
    // The thumbnail answers through the staff photo call, the premium one unblurred.
    const thumb = await staffRequest(t, answer.photos[0]!.thumb_url, { cookie: admin });
    expect(thumb.status).toBe(200);
    expect(await thumb.text()).toBe(`${active}:thumb`);

    expect(
      await status(await staffRequest(t, `${getStaffMemberPhotos.path}?id=${member.accountId}`, { cookie: finance })),
    ).toEqual({ status: 403, code: 'forbidden' });
    expect((await staffRequest(t, `${getStaffMemberPhotos.path}?id=999999999`, { cookie: admin })).status).toBe(404);
    const [row] = await t.db.select().from(photos).where(eq(photos.profileId, member.profileId)).limit(1);
    expect(row).toBeDefined();
  });
});

describe('conversations', () => {
  it('lists partner, last activity and count; reading needs a reason, is audited and paged', async () => {
    const member = await createTestMember(t, { name: 'Reader' });
    const partner = await createTestMember(t, { name: 'Partner' });
    const quiet = await createTestMember(t, { name: 'Quiet' });
    t.clock.now = new Date(t.clock.now.getTime() + MINUTE);
    const older = await conversation(member, quiet, 2);
    t.clock.now = new Date(t.clock.now.getTime() + MINUTE);
    const chat = await conversation(member, partner, MESSAGES_PAGE_SIZE + 5);

    const list = await json<{
      conversations: { id: string; partner: { name: string; account_id: number }; messages: number }[];
    }>(await staffRequest(t, `${getStaffMemberConversations.path}?id=${member.accountId}`, { cookie: moderator }));
    expect(list.conversations.map((c) => [c.id, c.partner.name, c.messages])).toEqual([
      [chat, 'Partner', MESSAGES_PAGE_SIZE + 5],
      [older, 'Quiet', 2],
    ]);
    expect(JSON.stringify(list)).not.toContain('Message number');

    const read = (cookie: string, body: Record<string, unknown>) =>
      staffRequest(t, postStaffMemberConversation.path, {
        method: 'POST',
        json: { id: member.accountId, conversation: chat, ...body },
        cookie,
      });
    expect(await status(await read(moderator, {}))).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(await status(await read(moderator, { reason: 'short' }))).toMatchObject({ status: 400 });
    const reason = 'Report R-12 says this chat has scam messages';
    expect(await status(await read(finance, { reason }))).toEqual({ status: 403, code: 'forbidden' });
    // Another member's conversation is not found through this member.
    expect(
      (
        await staffRequest(t, postStaffMemberConversation.path, {
          method: 'POST',
          json: { id: quiet.accountId, conversation: chat, reason },
          cookie: moderator,
        })
      ).status,
    ).toBe(404);
    expect(await lastAudit(member.accountId, 'member.conversation_read')).toBeUndefined();

    const first = await json<{ messages: { id: number; from: string; text: string }[]; next: number | null }>(
      await read(moderator, { reason }),
    );
    expect(first.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.messages[0]).toMatchObject({ text: `Message number ${MESSAGES_PAGE_SIZE + 4}`, from: 'member' });
    expect(first.next).not.toBeNull();
    const second = await json<{ messages: { text: string }[]; next: number | null }>(
      await read(moderator, { reason, before: first.next }),
    );
    expect(second.messages.map((m) => m.text).at(-1)).toBe('Message number 0');
    expect(second.next).toBeNull();

    const entry = await lastAudit(member.accountId, 'member.conversation_read');
    expect(entry).toMatchObject({ reason, after: { conversation: chat, before: first.next }, targetType: 'member' });
  });
});

describe('photo messages', () => {
  it('shows a photo message only after a reason to read its conversation, to roles that read, never others’', async () => {
    const member = await createTestMember(t, { name: 'Photosender' });
    const partner = await createTestMember(t, { name: 'Photoreceiver' });
    const other = await createTestMember(t, { name: 'Stranger' });
    const chat = await conversation(member, partner, 1);
    const elsewhere = await conversation(partner, other, 1);
    const key = await writeTestPhotoFiles(t);
    const [mine] = await t.db.select().from(conversations).where(eq(conversations.publicId, chat));
    const [theirs] = await t.db.select().from(conversations).where(eq(conversations.publicId, elsewhere));
    await t.db.insert(messages).values([
      {
        publicId: `ph${chat}`.slice(0, 16),
        conversationId: mine!.id,
        senderId: member.profileId,
        kind: 'photo',
        photoKey: key,
      },
      {
        publicId: `ph${elsewhere}`.slice(0, 16),
        conversationId: theirs!.id,
        senderId: other.profileId,
        kind: 'photo',
        photoKey: key,
      },
    ]);
    const photoOf = (cookie: string, accountId: number, message: string, v = 'thumb') =>
      staffRequest(t, `${getStaffMessagePhoto.path}?id=${accountId}&message=${message}&v=${v}`, { cookie });
    const photoMessage = `ph${chat}`.slice(0, 16);

    // No reason given yet: not found, as for a message that does not exist.
    expect((await photoOf(moderator, member.accountId, photoMessage)).status).toBe(404);
    const read = await json<{ messages: { kind: string; photo: { thumb_url: string; url: string } | null }[] }>(
      await staffRequest(t, postStaffMemberConversation.path, {
        method: 'POST',
        json: { id: member.accountId, conversation: chat, reason: 'Report R-40: an explicit photo was sent' },
        cookie: moderator,
      }),
    );
    const photo = read.messages.find((m) => m.kind === 'photo')?.photo;
    expect(photo?.thumb_url.startsWith(`${getStaffMessagePhoto.path}?`)).toBe(true);
    const thumb = await staffRequest(t, photo!.thumb_url, { cookie: moderator });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(thumb.headers.get('cache-control')).toBe('private, no-store');
    expect(await thumb.text()).toBe(`${key}:thumb`);
    expect(await (await staffRequest(t, photo!.url, { cookie: moderator })).text()).toBe(`${key}:full`);
    expect(read.messages.filter((m) => m.kind === 'text').every((m) => m.photo === null)).toBe(true);

    // A role that may not read conversations is refused; an admin who gave no reason finds nothing.
    expect(await status(await photoOf(finance, member.accountId, photoMessage))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect((await photoOf(admin, member.accountId, photoMessage)).status).toBe(404);
    // A photo of another conversation is not found through this member, even with a reason given.
    expect((await photoOf(moderator, member.accountId, `ph${elsewhere}`.slice(0, 16))).status).toBe(404);
  });
});

describe('notes', () => {
  it('adds notes with author and time, lists them newest first, as append-only audit entries', async () => {
    const member = await createTestMember(t);
    const add = (cookie: string, text: unknown) =>
      staffRequest(t, postStaffMemberNote.path, { method: 'POST', json: { id: member.accountId, text }, cookie });
    expect(await status(await add(moderator, ''))).toMatchObject({ status: 400, code: 'invalid_input' });
    expect((await add(finance, 'Called about a payment, agreed to wait')).status).toBe(200);
    const added = await json<{ note: { id: number; text: string; staff_email: string } }>(
      await add(moderator, 'Warned by phone about rude messages'),
    );
    expect(added.note.text).toBe('Warned by phone about rude messages');
    const marketing = await staffLogin(t, await createTestStaff(t, ['marketing']));
    expect(await status(await add(marketing, 'Not mine to write'))).toEqual({ status: 403, code: 'forbidden' });

    const notes = await json<{ notes: { text: string; staff_email: string; at: string }[] }>(
      await staffRequest(t, `${getStaffMemberNotes.path}?id=${member.accountId}`, { cookie: finance }),
    );
    expect(notes.notes.map((n) => n.text)).toEqual([
      'Warned by phone about rude messages',
      'Called about a payment, agreed to wait',
    ]);
    expect(notes.notes[0]!.staff_email).toBe(added.note.staff_email);
    // Append-only: the log's trigger refuses to change a note.
    await expect(
      t.db.update(staffAuditLog).set({ reason: 'edited' }).where(eq(staffAuditLog.id, added.note.id)),
    ).rejects.toThrow();
  });
});

describe('notes on the search list', () => {
  it('shows each member’s note count and the latest note’s first words, with one query for the page', async () => {
    const noted = await createTestMember(t, { name: 'Notedmember' });
    const twice = await createTestMember(t, { name: 'Notedmember' });
    const plain = await createTestMember(t, { name: 'Notedmember' });
    const add = (id: number, text: string) =>
      staffRequest(t, postStaffMemberNote.path, { method: 'POST', json: { id, text }, cookie: moderator });
    await add(noted.accountId, 'Asked for a refund twice');
    await add(twice.accountId, 'First note, older');
    const long = `Latest: ${'suspicious payments from many cards '.repeat(5)}`;
    await add(twice.accountId, long);

    const search = async () => {
      const select = vi.spyOn(t.db, 'select');
      const answer = await json<{ members: StaffMemberSearchRow[] }>(
        await staffRequest(t, `${getStaffMembers.path}?q=notedmember`, { cookie: finance }),
      );
      const selects = select.mock.calls.length;
      select.mockRestore();
      return { notes: new Map(answer.members.map((m) => [m.id, m.notes])), selects };
    };
    const { notes, selects } = await search();
    expect(notes.get(noted.accountId)).toEqual({ count: 1, latest: 'Asked for a refund twice' });
    expect(notes.get(plain.accountId)).toEqual({ count: 0, latest: null });
    const latest = notes.get(twice.accountId);
    expect(latest?.count).toBe(2);
    expect(latest?.latest?.startsWith('Latest: suspicious payments')).toBe(true);
    expect(latest?.latest?.endsWith('…')).toBe(true);
    expect(latest?.latest?.length).toBeLessThanOrEqual(NOTE_PREVIEW_MAX);

    // No query per member: more noted members on the page, the same number of queries.
    for (let i = 0; i < 5; i += 1) {
      const more = await createTestMember(t, { name: 'Notedmember' });
      await add(more.accountId, `Note ${i}`);
    }
    const again = await search();
    expect(again.notes.size).toBe(8);
    expect(selects).toBeGreaterThan(0);
    expect(again.selects).toBe(selects);
  });
});

describe('resend activation', () => {
  it('mails a not-confirmed member a new link, within the member limit; audited', async () => {
    const member = await createTestMember(t, { status: 'not_confirmed' });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    const send = (cookie: string, body: Record<string, unknown>) =>
      staffRequest(t, postStaffMemberActivationMail.path, {
        method: 'POST',
        json: { id: member.accountId, ...body },
        cookie,
      });
    expect(await status(await send(moderator, {}))).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(await status(await send(finance, { reason: 'Member asked by mail' }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect((await send(moderator, { reason: 'Member asked by mail' })).status).toBe(200);
    const mails = await mailsTo(t, account!.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/api/activate.php?token=');
    expect(await lastAudit(member.accountId, 'member.activation_mail')).toMatchObject({
      reason: 'Member asked by mail',
      before: { status: 'not_confirmed' },
    });
    // Three an hour per member (the member's own limit).
    expect((await send(moderator, { reason: 'Second try' })).status).toBe(200);
    expect((await send(admin, { reason: 'Third try' })).status).toBe(200);
    expect(await status(await send(admin, { reason: 'Fourth try' }))).toMatchObject({
      status: 429,
      code: 'rate_limited',
    });

    const confirmed = await createTestMember(t);
    expect(
      await status(
        await staffRequest(t, postStaffMemberActivationMail.path, {
          method: 'POST',
          json: { id: confirmed.accountId, reason: 'Member asked by mail' },
          cookie: moderator,
        }),
      ),
    ).toEqual({ status: 409, code: 'already_confirmed' });
  });
});

describe('data export and deletion', () => {
  it('exports the member data as a ZIP for admins with a fresh second factor; audited', async () => {
    const member = await createTestMember(t);
    const exportOf = (cookie: string, body: Record<string, unknown>) =>
      staffRequest(t, postStaffMemberExport.path, { method: 'POST', json: { id: member.accountId, ...body }, cookie });
    expect(await status(await exportOf(moderator, { reason: 'Request by post' }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect(await status(await exportOf(admin, {}))).toMatchObject({ status: 400, code: 'invalid_input' });
    const zip = await exportOf(admin, { reason: 'GDPR request by post, identity checked' });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await zip.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
    expect(await lastAudit(member.accountId, 'member.export')).toMatchObject({
      reason: 'GDPR request by post, identity checked',
      staffId: adminStaff.id,
    });
  });

  it('deletes through the members deletion (the purge erases it later); admin, fresh second factor', async () => {
    const member = await createTestMember(t);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    const session = await t.login(member.accountId);
    const remove = (cookie: string, body: Record<string, unknown>) =>
      staffRequest(t, postStaffMemberDelete.path, { method: 'POST', json: { id: member.accountId, ...body }, cookie });
    const reason = 'Asked by mail to delete the account';
    expect(await status(await remove(moderator, { reason }))).toEqual({ status: 403, code: 'forbidden' });
    expect(await status(await remove(admin, {}))).toMatchObject({ status: 400, code: 'invalid_input' });

    // Eleven minutes after the login the second factor is too old.
    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    expect(await status(await remove(admin, { reason }))).toEqual({ status: 403, code: 'staff_reauth_required' });
    const reauth = await staffRequest(t, postStaffReauth.path, {
      method: 'POST',
      json: { code: await totpNow(t, adminStaff.secret) },
      cookie: admin,
    });
    expect(reauth.status).toBe(200);
    const deleted = await json<{ member: { status: string }; purge_after: string }>(await remove(admin, { reason }));
    expect(deleted.member.status).toBe('deleted');
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(after?.status).toBe('deleted');
    expect((await t.request('/api/user.php', { session })).status).toBe(403);
    expect(await mailsTo(t, account!.email!)).toHaveLength(1);
    expect(await lastAudit(member.accountId, 'member.delete')).toMatchObject({
      reason,
      before: { status: 'confirmed' },
      after: { status: 'deleted', purge_after: deleted.purge_after },
    });
    expect(await status(await remove(admin, { reason }))).toEqual({ status: 409, code: 'member_not_deletable' });

    // After the reactivation window the hourly purge erases it.
    const later = new Date(t.clock.now.getTime() + (REACTIVATION_WINDOW_DAYS + 1) * 24 * 60 * MINUTE);
    await purgeDeletedAccounts(t.db, later, { delete: () => Promise.resolve() });
    const [purged] = await t.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(purged).toMatchObject({ status: 'purged', email: null });
    expect(await t.db.select().from(profiles).where(eq(profiles.accountId, member.accountId))).toEqual([]);
  });
});
