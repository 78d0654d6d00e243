/**
 * The operator inbox (docs/operator.md): members' messages to chat pals land in the inbox
 * of operators (and admins), who take a conversation (a claim, so two operators never answer
 * the same one), answer as the chat pal (free for the member, delivered like any message),
 * release it, and keep notes per member. Members write through the chat calls, as they do.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChatMessages, getChatStart, getChats, postChatMessage } from '#src/contract/chat.ts';
import { deleteAccount } from '#src/contract/accounts.ts';
import { postBlock } from '#src/contract/members.ts';
import {
  getChatPalConversation,
  getChatPalInbox,
  getChatPalNotes,
  postChatPalClaim,
  postChatPalNote,
  postChatPalRelease,
  postChatPalRenew,
  postChatPalReply,
} from '#src/contract/staff-chat-pals.ts';
import type { StaffRole } from '#src/contract/define.ts';
import { getUser } from '#src/contract/user.ts';
import { catalogues } from '#src/i18n/index.ts';
import { OPERATOR_CLAIM_MS } from '#src/lib/constants.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { accounts, chatPalOperators, operatorNotes, photos, profiles, staffAccounts } from '#src/server/db/schema.ts';
import { purgeDeletedAccounts } from '#src/server/features/accounts/deletion.ts';
import { applyCredits } from '#src/server/features/credits/ledger.ts';
import { hashPassword } from '#src/server/features/accounts/password.ts';
import { PHOTO_SIZES } from '#src/server/features/photos/files.ts';
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
import { createTestStaff, STAFF_COOKIE, STAFF_HOST, staffLogin } from './staff-helpers.ts';

let t: TestApp;
/** A staff member's calls: on the staff origin with their staff session. */
interface Staff {
  host: string;
  cookies: Record<string, string>;
}
let operatorA: Staff;
let operatorB: Staff;
let admin: Staff;
let moderator: Staff;
let plainMember: string;
const assigned: Staff[] = [];
const staffIds = new Map<Staff, number>();

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  const staff = async (role: StaffRole, name: string): Promise<Staff> => {
    const created = await createTestStaff(t, [role]);
    await t.db.update(staffAccounts).set({ name }).where(eq(staffAccounts.id, created.id));
    const session: Staff = { host: STAFF_HOST, cookies: { [STAFF_COOKIE]: await staffLogin(t, created) } };
    staffIds.set(session, created.id);
    return session;
  };
  operatorA = await staff('operator', 'Operator Anna');
  operatorB = await staff('operator', 'Operator Ben');
  admin = await staff('admin', 'Admin Ada');
  moderator = await staff('moderator', 'Moderator Mo');
  assigned.push(operatorA, operatorB);
  plainMember = await t.login((await createTestMember(t, { name: 'Plain Pete', invisible: true })).accountId);
});
afterAll(() => t.close());

let counter = 0;

/** A fictional chat pal (no account) with an active profile image, answered by operators A and B. */
async function chatPal(site = 'default', operators: readonly Staff[] = assigned) {
  counter += 1;
  const [row] = await t.db
    .insert(profiles)
    .values({
      publicId: randomPublicId(),
      siteId: site,
      type: 'fictional',
      status: 'active',
      name: `Pal ${counter}`,
      gender: 'female',
      seeking: 'male',
      birthdate: '1990-03-04',
      country: 'NL',
      city: 'Utrecht',
      aboutMe: 'Coffee first, then the world.',
    })
    .returning({ id: profiles.id, publicId: profiles.publicId });
  if (!row) throw new Error('no chat pal');
  const [photo] = await t.db
    .insert(photos)
    .values({
      publicId: randomPublicId(),
      profileId: row.id,
      storageKey: await writeTestPhotoFiles(t),
      width: PHOTO_SIZES.full.width,
      height: PHOTO_SIZES.full.height,
      thumbWidth: PHOTO_SIZES.thumb.width,
      thumbHeight: PHOTO_SIZES.thumb.height,
      status: 'active',
    })
    .returning({ id: photos.id });
  await t.db
    .update(profiles)
    .set({ mainPhotoId: photo?.id ?? null })
    .where(eq(profiles.id, row.id));
  for (const operator of operators) {
    await t.db.insert(chatPalOperators).values({ chatPalId: row.id, staffId: staffIds.get(operator) ?? 0 });
  }
  return row;
}

/** A confirmed male member with some credits, logged in on his site. */
async function member(site = 'default', credits = 50) {
  counter += 1;
  const created = await createTestMember(t, {
    siteId: site,
    name: `Member ${counter}`,
    gender: 'male',
    seeking: 'female',
    aboutMe: 'Loves long walks.',
  });
  await t.db.transaction((tx) =>
    applyCredits(tx, {
      accountId: created.accountId,
      delta: credits,
      reason: 'purchase',
      reference: `operator-test-${counter}`,
      now: t.clock.now,
    }),
  );
  return { ...created, session: await t.login(created.accountId), host: `${site}.localhost` };
}

type Member = Awaited<ReturnType<typeof member>>;

/** The member deletes the account, confirmed with the password (which the test sets first). */
async function deleteOwnAccount(m: Member) {
  const password = 'Velvet-Harbor-2931';
  await t.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(accounts.id, m.accountId));
  await call(t, deleteAccount, { session: m.session, body: { reason: 'other', password } });
}

/** The member writes to the chat pal through the chat calls; answers the conversation id. */
async function writes(from: Member, to: { publicId: string }, text: string): Promise<string> {
  const { id } = await call(t, getChatStart, {
    session: from.session,
    host: from.host,
    query: { profile: to.publicId },
  });
  await call(t, postChatMessage, {
    session: from.session,
    host: from.host,
    body: { conversation: id, client_id: randomPublicId(16), text },
  });
  return id;
}

const inbox = (staff: Staff, query: { site?: string; show?: 'all' | 'waiting' } = {}) =>
  call(t, getChatPalInbox, { ...staff, query });
const claim = (staff: Staff, conversation: string) => send(t, postChatPalClaim, { ...staff, body: { conversation } });

function later(ms: number) {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
}

describe('who may use the inbox', () => {
  it('answers 403 forbidden to members and moderators, and lets operators and admins in', async () => {
    const failure = await callError(t, getChatPalInbox, moderator);
    expect(failure.status).toBe(403);
    expect(failure.code).toBe('forbidden');
    expect(failure.message).toBe(catalogues.en.api.forbidden);
    expect((await callError(t, postChatPalClaim, { ...moderator, body: { conversation: 'x' } })).code).toBe(
      'forbidden',
    );
    expect((await callError(t, getChatPalNotes, { ...moderator, query: { member: 'x' } })).code).toBe('forbidden');
    // A member's session counts for nothing on the staff origin, and staff calls answer nothing on a member site.
    for (const init of [
      { session: plainMember, host: STAFF_HOST },
      { session: plainMember },
      { cookies: operatorA.cookies },
    ]) {
      const refused = await callError(t, getChatPalInbox, init);
      expect(refused).toMatchObject({ status: 403, code: 'authentication_required' });
    }
    expect((await inbox(operatorA)).conversations).toBeInstanceOf(Array);
    expect((await inbox(admin)).conversations).toBeInstanceOf(Array);
  });

  it('asks visitors to log in', async () => {
    expect((await callError(t, getChatPalInbox, { host: STAFF_HOST })).code).toBe('authentication_required');
  });
});

describe('the inbox', () => {
  it('shows a member’s message to a chat pal, waiting, with both profiles and no private data', async () => {
    const pal = await chatPal();
    const sam = await member();
    const conversation = await writes(sam, pal, 'Hi there, how is your day?');

    const answer = await inbox(operatorA);
    const item = answer.conversations.find((c) => c.id === conversation);
    expect(item).toMatchObject({
      site: 'default',
      chat_pal: { id: pal.publicId, city: 'Utrecht' },
      member: { id: sam.publicId, gender: 'male', city: 'Amsterdam' },
      last_message: { from: 'member', kind: 'text', text: 'Hi there, how is your day?' },
      waiting_since: t.clock.now.toISOString(),
      claim: null,
    });
    expect(item?.chat_pal.name).toMatch(/^Pal /);
    expect(item?.member.name).toMatch(/^Member /);
    expect(item?.chat_pal.thumb_url).toMatch(/^\/api\/staff\/chat-pals\/photo\?id=/);
    expect(answer.waiting).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(answer)).not.toContain('@example.test');
  });

  it('lists waiting conversations first, the oldest waiting first, and filters by site', async () => {
    const pal = await chatPal('she');
    const first = await member('she');
    const second = await member('she');
    const oldest = await writes(first, pal, 'I was first');
    later(60_000);
    const newer = await writes(second, pal, 'I came later');

    const ids = (await inbox(operatorA, { site: 'she' })).conversations.map((c) => c.id);
    expect(ids.indexOf(oldest)).toBeLessThan(ids.indexOf(newer));
    expect(ids.indexOf(oldest)).toBeGreaterThanOrEqual(0);
    const elsewhere = (await inbox(operatorA, { site: 'gay' })).conversations.map((c) => c.id);
    expect(elsewhere).not.toContain(oldest);
    expect((await callError(t, getChatPalInbox, { ...operatorA, query: { site: 'nosuchsite' } })).code).toBe(
      'invalid_input',
    );
  });

  it('leaves a conversation out once the member blocked the chat pal or deleted the account', async () => {
    const pal = await chatPal();
    const blocker = await member();
    const leaver = await member();
    const blocked = await writes(blocker, pal, 'Hello!');
    const deleted = await writes(leaver, pal, 'Hello too!');
    const before = (await inbox(operatorA)).conversations.map((c) => c.id);
    expect(before).toEqual(expect.arrayContaining([blocked, deleted]));

    await call(t, postBlock, { session: blocker.session, body: { profile: pal.publicId } });
    await deleteOwnAccount(leaver);

    const after = (await inbox(operatorA)).conversations.map((c) => c.id);
    expect(after).not.toContain(blocked);
    expect(after).not.toContain(deleted);
    expect((await callError(t, getChatPalConversation, { ...operatorA, query: { id: deleted } })).code).toBe(
      'not_found',
    );
  });
});

describe('claims', () => {
  it('lets one operator hold a conversation; the other gets claimed_by_other until it is released', async () => {
    const pal = await chatPal();
    const sam = await member();
    const conversation = await writes(sam, pal, 'Anyone there?');

    const taken = await call(t, postChatPalClaim, { ...operatorA, body: { conversation } });
    expect(taken.claim).toMatchObject({ mine: true, operator: 'Operator Anna' });

    const refused = await callError(t, postChatPalClaim, { ...operatorB, body: { conversation } });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('claimed_by_other');
    expect(refused.message).toBe(catalogues.en.api.claimed_by_other);

    const seenByB = (await inbox(operatorB)).conversations.find((c) => c.id === conversation);
    expect(seenByB?.claim).toMatchObject({ mine: false, operator: 'Operator Anna' });
    const view = await call(t, getChatPalConversation, { ...operatorB, query: { id: conversation } });
    expect(view.conversation.claim).toMatchObject({ mine: false, operator: 'Operator Anna' });

    // Taking it again is a renewal for the holder.
    expect((await call(t, postChatPalClaim, { ...operatorA, body: { conversation } })).claim.mine).toBe(true);
    // B's release does not free A's claim.
    await call(t, postChatPalRelease, { ...operatorB, body: { conversation } });
    expect((await claim(operatorB, conversation)).status).toBe(409);

    await call(t, postChatPalRelease, { ...operatorA, body: { conversation } });
    expect((await call(t, postChatPalClaim, { ...operatorB, body: { conversation } })).claim).toMatchObject({
      mine: true,
      operator: 'Operator Ben',
    });
    await call(t, postChatPalRelease, { ...operatorB, body: { conversation } });
  });

  it('gives a conversation to exactly one of two operators claiming at the same moment', async () => {
    const pal = await chatPal();
    const sam = await member();
    const conversation = await writes(sam, pal, 'Race me');
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([claim(operatorA, conversation), claim(operatorB, conversation)]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409]);
      await call(t, postChatPalRelease, { ...operatorA, body: { conversation } });
      await call(t, postChatPalRelease, { ...operatorB, body: { conversation } });
    }
  });

  it('lets another operator take a claim that expired, and the old holder can no longer renew it', async () => {
    const pal = await chatPal();
    const sam = await member();
    const conversation = await writes(sam, pal, 'Still there?');
    await call(t, postChatPalClaim, { ...operatorA, body: { conversation } });
    later(OPERATOR_CLAIM_MS - 1_000);
    expect((await claim(operatorB, conversation)).status).toBe(409);
    // Renewing pushes the end OPERATOR_CLAIM_MS from now.
    const renewed = await call(t, postChatPalRenew, { ...operatorA, body: { conversation } });
    expect(renewed.claim.expires_at).toBe(new Date(t.clock.now.getTime() + OPERATOR_CLAIM_MS).toISOString());
    later(OPERATOR_CLAIM_MS);
    expect((await inbox(operatorB)).conversations.find((c) => c.id === conversation)?.claim).toBeNull();
    expect((await call(t, postChatPalClaim, { ...operatorB, body: { conversation } })).claim.mine).toBe(true);
    const lost = await callError(t, postChatPalRenew, { ...operatorA, body: { conversation } });
    expect(lost.code).toBe('claimed_by_other');
    await call(t, postChatPalRelease, { ...operatorB, body: { conversation } });
    expect((await callError(t, postChatPalRenew, { ...operatorA, body: { conversation } })).code).toBe(
      'claim_required',
    );
  });

  it('answers not_found for a conversation that is not with a chat pal', async () => {
    const sam = await member();
    const other = await member();
    await t.db.update(profiles).set({ gender: 'female', seeking: 'male' }).where(eq(profiles.id, other.profileId));
    const between = await writes(sam, other, 'Members only');
    expect((await callError(t, postChatPalClaim, { ...operatorA, body: { conversation: between } })).code).toBe(
      'not_found',
    );
    expect((await inbox(operatorA)).conversations.map((c) => c.id)).not.toContain(between);
  });
});

describe('replies', () => {
  it('answers as the chat pal only with the claim; the member gets it for free and it leaves the waiting list', async () => {
    const pal = await chatPal();
    const sam = await member();
    const conversation = await writes(sam, pal, 'Tell me about you');
    const reply = { conversation, text: 'I love coffee and long talks. You?', client_id: randomPublicId(16) };

    const without = await callError(t, postChatPalReply, { ...operatorA, body: reply });
    expect(without.status).toBe(409);
    expect(without.code).toBe('claim_required');

    await call(t, postChatPalClaim, { ...operatorB, body: { conversation } });
    expect((await callError(t, postChatPalReply, { ...operatorA, body: reply })).code).toBe('claimed_by_other');
    await call(t, postChatPalRelease, { ...operatorB, body: { conversation } });

    await call(t, postChatPalClaim, { ...operatorA, body: { conversation } });
    const creditsBefore = (await call(t, getUser, { session: sam.session })).user.credits;
    const sent = await call(t, postChatPalReply, { ...operatorA, body: reply });
    expect(sent.message).toMatchObject({ from: 'chat_pal', kind: 'text', text: reply.text, operator: 'Operator Anna' });
    expect(sent.claim.mine).toBe(true);
    // A retry with the same client_id sends nothing twice.
    const again = await call(t, postChatPalReply, { ...operatorA, body: reply });
    expect(again.message.id).toBe(sent.message.id);

    const chats = await call(t, getChats, { session: sam.session });
    const chat = chats.chats.find((c) => c.id === conversation);
    expect(chat?.last_message).toMatchObject({ from: 'them', text: reply.text });
    expect(chat?.num_unread_messages).toBe(1);
    expect(chat?.profile?.type).toBe('fictional');
    const page = await call(t, getChatMessages, { session: sam.session, query: { id: conversation } });
    expect(page.messages.filter((m) => m.text === reply.text)).toHaveLength(1);
    // The member's own message shows as read by the chat pal now.
    expect(page.messages.find((m) => m.text === 'Tell me about you')?.read).toBe(true);
    expect((await call(t, getUser, { session: sam.session })).user.credits).toBe(creditsBefore);

    const item = (await inbox(operatorA)).conversations.find((c) => c.id === conversation);
    expect(item).toMatchObject({ waiting_since: null, last_message: { from: 'chat_pal' } });
    expect((await inbox(operatorA, { show: 'waiting' })).conversations.map((c) => c.id)).not.toContain(conversation);
    // Replying keeps the claim.
    expect(item?.claim).toMatchObject({ mine: true });
  });

  it('refuses a reply longer than the site’s message_length', async () => {
    const pal = await chatPal();
    const sam = await member();
    const conversation = await writes(sam, pal, 'Write me a novel');
    await call(t, postChatPalClaim, { ...operatorA, body: { conversation } });
    const view = await call(t, getChatPalConversation, { ...operatorA, query: { id: conversation } });
    const failure = await callError(t, postChatPalReply, {
      ...operatorA,
      body: { conversation, text: 'x'.repeat(view.conversation.message_length + 1), client_id: randomPublicId(16) },
    });
    expect(failure.code).toBe('message_too_long');
  });

  it('answers 409 for a client_id the chat pal used in another conversation, never that message', async () => {
    const pal = await chatPal();
    const sam = await member();
    const kim = await member();
    const withSam = await writes(sam, pal, 'Hi from Sam');
    const withKim = await writes(kim, pal, 'Hi from Kim');
    const client_id = randomPublicId(16);
    await call(t, postChatPalClaim, { ...operatorA, body: { conversation: withSam } });
    await call(t, postChatPalClaim, { ...operatorA, body: { conversation: withKim } });
    const body = { conversation: withSam, text: 'Only for Sam', client_id };
    await call(t, postChatPalReply, { ...operatorA, body });

    const reused = await callError(t, postChatPalReply, {
      ...operatorA,
      body: { conversation: withKim, text: 'For Kim', client_id },
    });
    expect(reused).toMatchObject({ status: 409, code: 'client_id_used', field: 'client_id' });
    expect(JSON.stringify(reused)).not.toContain('Only for Sam');
    const kimsPage = await call(t, getChatMessages, { session: kim.session, query: { id: withKim } });
    expect(kimsPage.messages.map((m) => m.text)).toEqual(['Hi from Kim']);
    // The retry in its own conversation still answers the message sent.
    expect((await call(t, postChatPalReply, { ...operatorA, body })).message.text).toBe('Only for Sam');
  });

  it('shows the operator the member’s profile, the chat pal and the history both ways', async () => {
    const pal = await chatPal();
    const sam = await member();
    const conversation = await writes(sam, pal, 'First');
    await call(t, postChatPalClaim, { ...operatorA, body: { conversation } });
    await call(t, postChatPalReply, {
      ...operatorA,
      body: { conversation, text: 'Second', client_id: randomPublicId(16) },
    });
    later(1_000);
    await writes(sam, pal, 'Third');

    const view = await call(t, getChatPalConversation, { ...operatorA, query: { id: conversation } });
    expect(view.messages.map((m) => [m.from, m.text])).toEqual([
      ['member', 'First'],
      ['chat_pal', 'Second'],
      ['member', 'Third'],
    ]);
    expect(view.member).toMatchObject({
      id: sam.publicId,
      about_me: 'Loves long walks.',
      country: 'NL',
      site: 'default',
    });
    expect(view.chat_pal).toMatchObject({ id: pal.publicId, about_me: 'Coffee first, then the world.' });
    expect(view.chat_pal.photos).toHaveLength(1);
    expect(view.conversation).toMatchObject({ id: conversation, claim: { mine: true } });
    expect(view.conversation.waiting_since).not.toBeNull();
    expect(JSON.stringify(view)).not.toContain('@example.test');
  });
});

describe('photos', () => {
  it('serves operators the approved photos of chat pals and members of every site, and not to members', async () => {
    const pal = await chatPal('bdsm');
    const visitor = await member('bdsm');
    const conversation = await writes(visitor, pal, 'Hello from another site');
    const view = await call(t, getChatPalConversation, { ...operatorA, query: { id: conversation } });
    const thumb = view.chat_pal.photos[0]?.thumb_url ?? '';
    expect(thumb).not.toBe('');
    // The operator's session belongs to the default site; the photo to bdsm.
    const seen = await t.request(thumb, { ...operatorA });
    expect(seen.status).toBe(200);
    expect(await seen.text()).toMatch(/:thumb$/);
    expect((await t.request(thumb, { session: plainMember, host: STAFF_HOST })).status).toBe(403);
    expect((await t.request(thumb, { session: plainMember })).status).toBe(403);
    // An operator not assigned to the chat pal: as if the photo did not exist.
    const stranger = await chatPal('bdsm', [operatorB]);
    const strangerView = await call(t, getChatPalConversation, {
      ...admin,
      query: { id: await writes(visitor, stranger, 'Hi') },
    });
    expect((await t.request(strangerView.chat_pal.photos[0]?.thumb_url ?? '', { ...operatorA })).status).toBe(404);
  });
});

describe('notes', () => {
  it('keeps notes per member for every operator, newest first, and erases them with the member', async () => {
    const sam = await member();
    const samsPal = await chatPal();
    // Notes are about members who write with the operator's chat pals.
    expect(
      (await callError(t, postChatPalNote, { ...operatorA, body: { member: sam.publicId, text: 'x' } })).code,
    ).toBe('not_found');
    await writes(sam, samsPal, 'Hello');
    await call(t, postChatPalNote, { ...operatorA, body: { member: sam.publicId, text: 'Likes sailing.' } });
    later(1_000);
    const added = await call(t, postChatPalNote, {
      ...operatorB,
      body: { member: sam.publicId, text: 'Works nights.' },
    });
    expect(added.note).toMatchObject({ text: 'Works nights.', author: 'Operator Ben', mine: true });

    const seen = await call(t, getChatPalNotes, { ...operatorA, query: { member: sam.publicId } });
    expect(seen.notes.map((n) => [n.text, n.author, n.mine])).toEqual([
      ['Works nights.', 'Operator Ben', false],
      ['Likes sailing.', 'Operator Anna', true],
    ]);

    expect(
      (await callError(t, getChatPalNotes, { session: plainMember, host: STAFF_HOST, query: { member: sam.publicId } }))
        .code,
    ).toBe('authentication_required');
    const pal = await chatPal();
    expect(
      (await callError(t, postChatPalNote, { ...operatorA, body: { member: pal.publicId, text: 'x' } })).code,
    ).toBe('not_found');

    // Deleted, then purged after the reactivation window: the notes go with the profile.
    await deleteOwnAccount(sam);
    later(15 * 86_400_000);
    await purgeDeletedAccounts(t.db, t.clock.now, t.deps.photoStorage);
    const left = await t.db.select().from(operatorNotes).where(eq(operatorNotes.memberProfileId, sam.profileId));
    expect(left).toEqual([]);
  });
});
