/**
 * The back office's "Chat pals" section (docs/staff.md "Chat pals"): an operator answers as
 * the chat pals assigned to them only (every other one is 404, as if it did not exist), admins
 * as every one; admins create and edit chat pals (always fictional) with photos through the
 * photo pipeline and assign operators, each change audited; the workload and answer times.
 * The inbox's own rules (claims, replies, notes) are in operator.test.ts; who may call what
 * in staff-roles.test.ts.
 */
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChatStart, postChatMessage, getChatMessages } from '#src/contract/chat.ts';
import {
  getChatPal,
  getChatPalConversation,
  getChatPalInbox,
  getChatPalNotes,
  getChatPals,
  getChatPalWorkload,
  postChatPalClaim,
  postChatPalCreate,
  postChatPalNote,
  postChatPalOperators,
  postChatPalPhoto,
  postChatPalReply,
  postChatPalUpdate,
  type ChatPalFields,
} from '#src/contract/staff-chat-pals.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { photos, profiles, staffAuditLog } from '#src/server/db/schema.ts';
import { call, callError, createTestApp, createTestMember, seedSiteData, send, type TestApp } from './harness.ts';
import { createTestStaff, STAFF_COOKIE, STAFF_HOST, staffLogin, type TestStaff } from './staff-helpers.ts';

interface Staff {
  id: number;
  host: string;
  cookies: Record<string, string>;
}

let t: TestApp;
let admin: Staff;
let anna: Staff;
let ben: Staff;
let finance: Staff;

async function login(created: TestStaff): Promise<Staff> {
  return { id: created.id, host: STAFF_HOST, cookies: { [STAFF_COOKIE]: await staffLogin(t, created) } };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  admin = await login(await createTestStaff(t, ['admin']));
  anna = await login(await createTestStaff(t, ['operator']));
  ben = await login(await createTestStaff(t, ['operator']));
  finance = await login(await createTestStaff(t, ['finance']));
});
afterAll(() => t.close());

const as = ({ host, cookies }: Staff) => ({ host, cookies });

const fields: ChatPalFields = {
  name: 'Lena',
  age: 29,
  gender: 'female',
  seeking: 'male',
  country: 'NL',
  city: 'Utrecht',
  language: 'nl',
  about_me: 'Coffee first, then the world.',
  active: true,
};

async function newChatPal(operators: Staff[], site = 'default') {
  const { chat_pal } = await call(t, postChatPalCreate, { ...as(admin), body: { ...fields, site } });
  await call(t, postChatPalOperators, {
    ...as(admin),
    body: { chat_pal: chat_pal.id, operators: operators.map((o) => o.id) },
  });
  return chat_pal;
}

async function memberWrites(palId: string, text: string) {
  const created = await createTestMember(t, { gender: 'male', seeking: 'female' });
  const session = await t.login(created.accountId);
  const { id } = await call(t, getChatStart, { session, query: { profile: palId } });
  await call(t, postChatMessage, { session, body: { conversation: id, client_id: randomPublicId(16), text } });
  return { conversation: id, member: created.publicId, session };
}

function later(ms: number) {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
}

async function lastAudit(action: string) {
  const [row] = await t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.staffId, admin.id)))
    .orderBy(desc(staffAuditLog.id))
    .limit(1);
  return row;
}

describe('the inbox of an operator', () => {
  it('holds the conversations of their chat pals only; every other one is 404 for them, an admin sees all', async () => {
    const annas = await newChatPal([anna]);
    const bens = await newChatPal([ben]);
    const toAnna = await memberWrites(annas.id, 'Hello Lena');
    const toBen = await memberWrites(bens.id, 'Hi there');

    const annaSees = (await call(t, getChatPalInbox, as(anna))).conversations.map((c) => c.id);
    expect(annaSees).toContain(toAnna.conversation);
    expect(annaSees).not.toContain(toBen.conversation);
    const adminSees = (await call(t, getChatPalInbox, as(admin))).conversations.map((c) => c.id);
    expect(adminSees).toEqual(expect.arrayContaining([toAnna.conversation, toBen.conversation]));

    const notFound = { status: 404, code: 'not_found' };
    expect(
      await callError(t, getChatPalConversation, { ...as(anna), query: { id: toBen.conversation } }),
    ).toMatchObject(notFound);
    expect(
      await callError(t, postChatPalClaim, { ...as(anna), body: { conversation: toBen.conversation } }),
    ).toMatchObject(notFound);
    expect(
      await callError(t, postChatPalReply, {
        ...as(anna),
        body: { conversation: toBen.conversation, text: 'Not mine', client_id: randomPublicId(16) },
      }),
    ).toMatchObject(notFound);
    expect(await callError(t, getChatPalNotes, { ...as(anna), query: { member: toBen.member } })).toMatchObject(
      notFound,
    );
    expect(
      await callError(t, postChatPalNote, { ...as(anna), body: { member: toBen.member, text: 'x' } }),
    ).toMatchObject(notFound);
    // Her own chat pal's conversation opens, and once unassigned it is gone for her too.
    expect((await call(t, getChatPalConversation, { ...as(anna), query: { id: toAnna.conversation } })).member.id).toBe(
      toAnna.member,
    );
    await call(t, postChatPalOperators, { ...as(admin), body: { chat_pal: annas.id, operators: [] } });
    expect(
      await callError(t, getChatPalConversation, { ...as(anna), query: { id: toAnna.conversation } }),
    ).toMatchObject(notFound);
  });

  it('refuses members and visitors on the staff origin and staff cookies on a member site (403)', async () => {
    const session = await t.login((await createTestMember(t)).accountId);
    for (const init of [{ host: STAFF_HOST }, { host: STAFF_HOST, session }, { session }, { cookies: anna.cookies }]) {
      expect(await callError(t, getChatPalInbox, init)).toMatchObject({
        status: 403,
        code: 'authentication_required',
      });
    }
    expect(await callError(t, getChatPalInbox, as(finance))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await callError(t, getChatPals, as(anna))).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('sends the answer to the member, who reads it in the chat', async () => {
    const pal = await newChatPal([anna]);
    const written = await memberWrites(pal.id, 'Are you there?');
    await call(t, postChatPalClaim, { ...as(anna), body: { conversation: written.conversation } });
    const sent = await call(t, postChatPalReply, {
      ...as(anna),
      body: { conversation: written.conversation, text: 'I am!', client_id: randomPublicId(16) },
    });
    expect(sent.message).toMatchObject({ from: 'chat_pal', text: 'I am!' });
    const chat = await call(t, getChatMessages, { session: written.session, query: { id: written.conversation } });
    expect(chat.messages.at(-1)).toMatchObject({ text: 'I am!', from: 'them' });
  });
});

describe('chat pal profiles', () => {
  it('creates a fictional chat pal, edits it with the changes audited, and never lets it stop being fictional', async () => {
    const { chat_pal: created } = await call(t, postChatPalCreate, {
      ...as(admin),
      body: { ...fields, site: 'she' },
    });
    expect(created).toMatchObject({ site: 'she', name: 'Lena', age: 29, fictional: true, active: true, operators: [] });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.publicId, created.id));
    expect(row).toMatchObject({ type: 'fictional', accountId: null, siteId: 'she', status: 'active' });
    expect((await lastAudit('chat_pal.create'))?.targetId).toBe(created.id);

    const { chat_pal: edited } = await call(t, postChatPalUpdate, {
      ...as(admin),
      body: { ...fields, id: created.id, site: 'she', name: 'Lena Rose', age: 31 },
    });
    expect(edited).toMatchObject({ name: 'Lena Rose', age: 31, city: 'Utrecht' });
    const entry = await lastAudit('chat_pal.update');
    expect(entry).toMatchObject({
      targetType: 'chat_pal',
      targetId: created.id,
      before: { name: 'Lena', age: 29 },
      after: { name: 'Lena Rose', age: 31 },
    });

    // No field turns the flag off: the body is strict, and the profile stays fictional.
    const refused = await send(t, postChatPalUpdate, {
      ...as(admin),
      body: { ...fields, id: created.id, site: 'she', fictional: false } as never,
    });
    expect(refused.status).toBe(400);
    const [after] = await t.db.select().from(profiles).where(eq(profiles.publicId, created.id));
    expect(after?.type).toBe('fictional');

    // A member's profile is not a chat pal: 404.
    const memberProfile = await createTestMember(t);
    expect(
      await callError(t, postChatPalUpdate, {
        ...as(admin),
        body: { ...fields, id: memberProfile.publicId, site: 'she' },
      }),
    ).toMatchObject({ status: 404, code: 'not_found' });
    expect(
      await callError(t, postChatPalCreate, { ...as(admin), body: { ...fields, site: 'nosuchsite' } }),
    ).toMatchObject({ status: 400, field: 'site' });
    expect(
      await callError(t, postChatPalCreate, { ...as(admin), body: { ...fields, age: 17, site: 'she' } }),
    ).toMatchObject({ status: 400, code: 'invalid_input' });
  });

  it('lists the chat pals of a site with their operators, and assigns operators only (audited)', async () => {
    const pal = await newChatPal([anna, ben], 'gay');
    const list = await call(t, getChatPals, { ...as(admin), query: { site: 'gay' } });
    const listed = list.chat_pals.find((p) => p.id === pal.id);
    expect(listed?.operators.map((o) => o.id).sort()).toEqual([anna.id, ben.id].sort());
    expect(list.chat_pals.every((p) => p.site === 'gay' && p.fictional)).toBe(true);
    expect(list.operators.map((o) => o.id)).toEqual(expect.arrayContaining([anna.id, ben.id]));
    expect(list.operators.map((o) => o.id)).not.toContain(finance.id);

    expect(
      await callError(t, postChatPalOperators, { ...as(admin), body: { chat_pal: pal.id, operators: [finance.id] } }),
    ).toMatchObject({ status: 400, field: 'operators' });
    await call(t, postChatPalOperators, { ...as(admin), body: { chat_pal: pal.id, operators: [ben.id] } });
    const entry = await lastAudit('chat_pal.operators');
    expect((entry?.before as { operators: number[] }).operators.sort()).toEqual([anna.id, ben.id].sort());
    expect(entry?.after).toEqual({ operators: [ben.id] });
    expect((await call(t, getChatPal, { ...as(admin), query: { id: pal.id } })).chat_pal.operators).toEqual([
      expect.objectContaining({ id: ben.id }),
    ]);
  });

  it('adds a photo through the photo pipeline: re-encoded, inspected like any other, audited', async () => {
    const pal = await newChatPal([anna]);
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 90 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER' } })
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'pal.jpg');
    const upload = (headers: Record<string, string>) =>
      t.app.request(`${postChatPalPhoto.path}?id=${pal.id}`, { method: 'POST', headers, body: form });
    const cookie = `${STAFF_COOKIE}=${admin.cookies[STAFF_COOKIE] ?? ''}`;
    expect((await upload({ host: STAFF_HOST, 'x-request-type': 'client' })).status).toBe(403);
    const answer = await upload({ host: STAFF_HOST, 'x-request-type': 'client', cookie });
    expect(answer.status).toBe(200);
    const { chat_pal } = postChatPalPhoto.response.parse(await answer.json());
    expect(chat_pal.photos).toHaveLength(1);
    expect(chat_pal.photos[0]?.status).toBe('being_inspected');
    const [stored] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.publicId, chat_pal.photos[0]?.id ?? ''));
    expect(stored?.status).toBe('being_inspected');
    expect((await lastAudit('chat_pal.photo'))?.targetId).toBe(pal.id);
    // The admin sees it in the editor; the operator only once it is approved.
    const file = await t.request(chat_pal.photos[0]?.thumb_url ?? '', as(admin));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).includes('SECRET-OWNER')).toBe(false);
    expect((await t.request(chat_pal.photos[0]?.thumb_url ?? '', as(anna))).status).toBe(404);
  });
});

describe('workload and answer times', () => {
  it('counts waiting and held conversations per operator and the median and p95 of the waits', async () => {
    const carl = await login(await createTestStaff(t, ['operator']));
    const pal = await newChatPal([carl]);
    const first = await memberWrites(pal.id, 'One');
    const second = await memberWrites(pal.id, 'Two');
    const third = await memberWrites(pal.id, 'Three');
    const day = t.clock.now.toISOString().slice(0, 10);
    const workload = () => call(t, getChatPalWorkload, { ...as(admin), query: { from: day, to: day } });
    expect((await workload()).operators.find((o) => o.id === carl.id)).toMatchObject({
      chat_pals: 1,
      waiting: 3,
      claimed: 0,
      answers: 0,
      median_seconds: null,
    });

    const answer = async (conversation: string) => {
      await call(t, postChatPalClaim, { ...as(carl), body: { conversation } });
      await call(t, postChatPalReply, {
        ...as(carl),
        body: { conversation, text: 'Hello!', client_id: randomPublicId(16) },
      });
    };
    later(60_000);
    await answer(first.conversation);
    later(60_000);
    await answer(second.conversation);

    const now = await workload();
    expect(now.operators.find((o) => o.id === carl.id)).toMatchObject({
      waiting: 1,
      claimed: 2,
      answers: 2,
      // 60 s and 120 s: the median between them, the 95th percentile near the longer.
      median_seconds: 90,
      p95_seconds: 117,
    });
    expect(now.chat_pals.find((p) => p.id === pal.id)).toMatchObject({ answers: 2, median_seconds: 90 });
    expect(now.all.answers).toBeGreaterThanOrEqual(2);
    expect(third.conversation).toBeTruthy();

    expect(
      await callError(t, getChatPalWorkload, { ...as(admin), query: { from: day, to: '2020-01-01' } }),
    ).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(
      await callError(t, getChatPalWorkload, { ...as(admin), query: { from: '2020-01-01', to: '2021-01-01' } }),
    ).toMatchObject({ status: 400, code: 'invalid_input' });
  });
});

describe('the member sites', () => {
  it('send /operator to the back office’s chat pals section (302)', async () => {
    const response = await t.request('/operator', { host: 'default.localhost:4321' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://staff.localhost:4321/chat-pals');
  });
});
