/**
 * The IDOR sweep (docs/security.md): members in every relation to each other — on the
 * same site, on another site, one the owner blocked, an invisible one, a deleted one, and a
 * visitor — ask for each other's private objects by id through every call that takes one:
 * conversations and their messages, photos (the calls and the files), orders and
 * transactions, direct-debit mandates, and the staff calls on members, conversations,
 * photos and complaints. Every such request is refused (403/404) without a trace of the
 * object, and afterwards every owner still has all their objects, unchanged.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#src/contract/define.ts';
import { getTransaction, getTransactions, postRefund } from '#src/contract/billing.ts';
import {
  CHAT_PHOTO_FILE_PATH,
  deleteChat,
  getChatMessages,
  getChats,
  postChatMessage,
  postTyping,
} from '#src/contract/chat.ts';
import { postDirectDebitResend, postDirectDebitStart, postDirectDebitVerify } from '#src/contract/direct-debit.ts';
import { postBlock } from '#src/contract/members.ts';
import { getMember } from '#src/contract/members.ts';
import { postStaffComplaintStatus, postStaffModerationPhotos } from '#src/contract/staff-moderation.ts';
import {
  getChatPalConversation,
  getChatPalNotes,
  postChatPalClaim,
  postChatPalNote,
  postChatPalReply,
} from '#src/contract/staff-chat-pals.ts';
import { deletePhoto, getPhotos, photoUrl, putPhoto } from '#src/contract/photos.ts';
import { getTeaser } from '#src/contract/profile.ts';
import { accounts, conversations, messages, photos, profiles } from '#src/server/db/schema.ts';
import { buyer, buy, mandateForm, order, type Buyer } from '../billing-helpers.ts';
import { chatPal, clientId, sendChat, startChat } from '../chat-fixtures.ts';
import { call, createTestApp, seedSiteData, send, writeTestPhotoFiles, type TestApp } from '../harness.ts';

let t: TestApp;

interface Actor extends Buyer {
  label: string;
  publicId: string;
  email: string;
  /** A conversation with a chat pal holding one message with `secret` in its text. */
  conversation: string;
  message: string;
  secret: string;
  /** Photo public ids: the profile image (active), one being inspected, one premium-only. */
  photoIds: string[];
  photoKeys: string[];
  /** A photo message in that conversation (its file at the chat photo URL). */
  photoMessage: string;
  /** A paid order (a transaction). */
  payment: string;
}

let counter = 0;

/** Who is who: the labels of the actors made in beforeAll. */
const ACTOR_LABELS = ['owner', 'stranger', 'othersite', 'blocked', 'invisible', 'deleted'] as const;

async function actor(label: string, site = 'default'): Promise<Actor> {
  counter += 1;
  const who = await buyer(t, { site });
  const [created] = await t.db
    .select({ publicId: profiles.publicId, email: accounts.email })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(eq(profiles.id, who.profileId));
  if (!created?.email) throw new Error('no member');
  const keys = [await writeTestPhotoFiles(t), await writeTestPhotoFiles(t), await writeTestPhotoFiles(t)];
  const statuses = ['active', 'being_inspected', 'active'] as const;
  for (const [index, key] of keys.entries()) {
    await t.db.insert(photos).values({
      publicId: `idor${counter}x${index}${label.slice(0, 4)}`.slice(0, 16),
      profileId: who.profileId,
      storageKey: key,
      status: statuses[index] ?? 'active',
      premium: index === 2,
      position: index,
      width: 800,
      height: 1000,
      thumbWidth: 240,
      thumbHeight: 300,
    });
  }
  const own = await t.db
    .select({ id: photos.id, publicId: photos.publicId })
    .from(photos)
    .where(eq(photos.profileId, who.profileId))
    .orderBy(asc(photos.position));
  await t.db
    .update(profiles)
    .set({ mainPhotoId: own[0]?.id ?? null })
    .where(eq(profiles.id, who.profileId));
  const payment = await buy(t, who, { package: 'p1' });
  const pal = await chatPal(t, site);
  const member = { ...who, publicId: created.publicId };
  const conversation = await startChat(t, member, pal.publicId);
  const secret = `secret-${label}-${counter}-words`;
  const sent = await sendChat(t, member, conversation, secret);
  const [conversationRow] = await t.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.publicId, conversation));
  const photoMessage = `idorm${counter}${label}`.slice(0, 16);
  await t.db.insert(messages).values({
    publicId: photoMessage,
    conversationId: conversationRow?.id ?? 0,
    senderId: who.profileId,
    kind: 'photo',
    photoKey: keys[0] ?? '',
    photoWidth: 800,
    photoHeight: 1000,
    createdAt: t.clock.now,
  });
  return {
    ...who,
    label,
    publicId: created.publicId,
    email: created.email,
    conversation,
    message: sent.message.id,
    secret,
    photoIds: own.map((photo) => photo.publicId),
    photoKeys: keys,
    photoMessage,
    payment,
  };
}

let owner: Actor;
let sameSite: Actor;
let otherSite: Actor;
let blocked: Actor;
let invisible: Actor;
let deleted: Actor;
let actors: Actor[];

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  owner = await actor('owner');
  sameSite = await actor('stranger');
  otherSite = await actor('othersite', 'she');
  blocked = await actor('blocked');
  invisible = await actor('invisible');
  deleted = await actor('deleted');
  actors = [owner, sameSite, otherSite, blocked, invisible, deleted];
  await call(t, postBlock, { session: owner.session, body: { profile: blocked.publicId } });
  await t.db.update(profiles).set({ invisible: true }).where(eq(profiles.id, invisible.profileId));
  // Deleted after its objects were made; its session is kept, as a stolen cookie would be.
  await t.db
    .update(accounts)
    .set({ status: 'deleted', deletedAt: t.clock.now })
    .where(eq(accounts.id, deleted.accountId));
  await t.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, deleted.profileId));
});
afterAll(() => t.close());

/**
 * Whether a viewer may see a profile (members/visibility.ts): same site, both there, neither
 * blocked by the other, the profile not invisible (an invisible member still sees others).
 */
function canSee(viewer: Actor, target: Actor): boolean {
  const blockedPair = [owner, blocked].includes(viewer) && [owner, blocked].includes(target);
  return viewer.host === target.host && viewer !== deleted && ![deleted, invisible].includes(target) && !blockedPair;
}

/** What must never appear in an answer to someone else: the owner's private data. */
function secretsOf(victim: Actor): string[] {
  return [victim.secret, victim.email, ...victim.photoKeys];
}

/** Requests for the victim's private objects, each sent as the attacker. */
function probes(victim: Actor) {
  return [
    { what: 'read a conversation', endpoint: getChatMessages, query: { id: victim.conversation } },
    {
      what: 'page a conversation from a message',
      endpoint: getChatMessages,
      query: { id: victim.conversation, before: victim.message },
    },
    {
      what: 'write into a conversation',
      endpoint: postChatMessage,
      body: { conversation: victim.conversation, client_id: clientId(), text: 'hello from elsewhere' },
    },
    { what: 'delete a conversation', endpoint: deleteChat, body: { conversation: victim.conversation } },
    { what: 'type in a conversation', endpoint: postTyping, body: { conversation: victim.conversation } },
    ...victim.photoIds.flatMap((photo) => [
      { what: `make photo ${photo} my profile image`, endpoint: putPhoto, body: { photo, main: true as const } },
      { what: `mark photo ${photo} premium`, endpoint: putPhoto, body: { photo, premium: false } },
      { what: `delete photo ${photo}`, endpoint: deletePhoto, body: { photo } },
      {
        what: `approve photo ${photo}`,
        endpoint: postStaffModerationPhotos,
        body: { photos: [photo], decision: 'approve' as const },
      },
    ]),
    { what: 'read a transaction', endpoint: getTransaction, query: { id: victim.payment } },
    { what: 'refund an order', endpoint: postRefund, body: { order: victim.payment } },
    { what: "read a member's operator notes", endpoint: getChatPalNotes, query: { member: victim.publicId } },
    {
      what: 'write an operator note',
      endpoint: postChatPalNote,
      body: { member: victim.publicId, text: 'note from a member' },
    },
    {
      what: 'read a conversation as an operator',
      endpoint: getChatPalConversation,
      query: { id: victim.conversation },
    },
    { what: 'claim a conversation', endpoint: postChatPalClaim, body: { conversation: victim.conversation } },
    {
      what: 'answer as the chat pal',
      endpoint: postChatPalReply,
      body: { conversation: victim.conversation, text: 'hi', client_id: clientId() },
    },
  ] as const;
}

async function expectRefused(response: Response, victim: Actor, what: string): Promise<void> {
  const text = await response.text();
  expect([400, 403, 404], `${what} → ${response.status} ${text.slice(0, 200)}`).toContain(response.status);
  for (const secret of secretsOf(victim)) expect(text, what).not.toContain(secret);
}

describe('the IDOR sweep', () => {
  for (const label of ACTOR_LABELS) {
    it(`refuses every request for ${label}'s private objects, from every other relation and a visitor`, async () => {
      const victim = actors.find((actor) => actor.label === label);
      if (!victim) throw new Error(`no actor ${label}`);
      let checked = 0;
      for (const attacker of [...actors.filter((other) => other !== victim), null]) {
        const who = `${attacker?.label ?? 'visitor'} → ${victim.label}'s`;
        for (const probe of probes(victim)) {
          const response = await send(t, probe.endpoint as Endpoint, {
            ...('query' in probe ? { query: probe.query } : {}),
            ...('body' in probe ? { body: probe.body } : {}),
            ...(attacker ? { session: attacker.session, host: attacker.host } : { host: victim.host }),
          });
          await expectRefused(response, victim, `${who} ${probe.what}`);
          checked += 1;
        }
        // The photo files: one being inspected is its owner's alone; a premium-only one goes
        // (to these paying members) only with the profile, never to a visitor.
        const files = [victim.photoIds[1], ...(attacker && canSee(attacker, victim) ? [] : [victim.photoIds[2]])];
        for (const photo of files) {
          for (const variant of ['full', 'thumb', 'match'] as const) {
            const response = await t.request(photoUrl(photo ?? '', variant), {
              ...(attacker ? { session: attacker.session, host: attacker.host } : { host: victim.host }),
            });
            const text = await response.text();
            const what = `${who} photo ${photo} (${variant})`;
            expect(response.status, what).toBe(404);
            for (const key of victim.photoKeys) expect(text, what).not.toContain(key);
            checked += 1;
          }
        }
        // The photo of a chat message: only the two sides of the conversation.
        const chatPhoto = await t.request(`${CHAT_PHOTO_FILE_PATH}?id=${victim.photoMessage}&v=full`, {
          ...(attacker ? { session: attacker.session, host: attacker.host } : { host: victim.host }),
        });
        expect(chatPhoto.status, `${who} chat photo`).toBe(404);
        checked += 1;
      }
      expect(checked).toBeGreaterThan(100);
    });
  }

  it('lists no one else’s conversations, photos or transactions', async () => {
    for (const viewer of actors.filter((actor) => actor !== deleted)) {
      const others = actors.filter((other) => other !== viewer);
      const lists = [
        await call(t, getChats, { session: viewer.session, host: viewer.host }),
        await call(t, getPhotos, { session: viewer.session, host: viewer.host }),
        await call(t, getTransactions, { session: viewer.session, host: viewer.host }),
      ];
      const text = JSON.stringify(lists);
      for (const other of others) {
        for (const secret of [...secretsOf(other), other.conversation, other.payment, ...other.photoIds]) {
          expect(text, `${viewer.label}'s lists hold ${other.label}'s ${secret}`).not.toContain(secret);
        }
      }
    }
  });

  it('shows a profile only to those who may see it', async () => {
    const page = (viewer: Actor, target: Actor) =>
      send(t, getMember, { session: viewer.session, host: viewer.host, query: { id: target.publicId } });
    const teaser = (host: string, target: Actor) => send(t, getTeaser, { host, query: { id: target.publicId } });
    const cases: [Response, Actor, string][] = [
      [await page(otherSite, owner), owner, 'another site’s member'],
      [await page(owner, otherSite), otherSite, 'another site’s member'],
      [await page(sameSite, invisible), invisible, 'an invisible member'],
      [await page(owner, deleted), deleted, 'a deleted member'],
      [await page(deleted, owner), owner, 'a deleted member’s session'],
      [await page(blocked, owner), owner, 'a member who blocked the viewer'],
      [await teaser(otherSite.host, owner), owner, 'a teaser on another site'],
      [await teaser(owner.host, invisible), invisible, 'a teaser of an invisible member'],
      [await teaser(owner.host, deleted), deleted, 'a teaser of a deleted member'],
    ];
    for (const [response, target, what] of cases) {
      const text = await response.text();
      // A teaser answers `profile: null` for a profile it does not show.
      const refused = [403, 404].includes(response.status) || text === JSON.stringify({ profile: null });
      expect(refused, `${what} → ${response.status} ${text.slice(0, 200)}`).toBe(true);
      expect(text, what).not.toContain(target.publicId);
      for (const secret of secretsOf(target)) expect(text, what).not.toContain(secret);
    }
  });

  it('keeps a direct-debit mandate its owner’s', async () => {
    const phone = '06 41234567';
    const made = await order(t, owner, { package: 'p0', method: 'sdd' });
    const started = await call(t, postDirectDebitStart, {
      session: owner.session,
      host: owner.host,
      body: { order: made.order.payment_id, ...mandateForm({ phone }) },
    });
    for (const attacker of [sameSite, otherSite, blocked, invisible, deleted]) {
      const init = { session: attacker.session, host: attacker.host };
      for (const response of [
        await send(t, postDirectDebitVerify, { ...init, body: { session: started.session, code: '000000' } }),
        await send(t, postDirectDebitResend, { ...init, body: { session: started.session } }),
        await send(t, postDirectDebitStart, {
          ...init,
          body: {
            order: made.order.payment_id,
            holder: 'Mallory',
            iban: 'nl91 abna 0417 1643 00',
            street: 'Elsewhere',
            house_number: '1',
            postal_code: '1000 AA',
            city: 'Amsterdam',
            country: 'NL',
            phone: '06 49999999',
            authorize: true,
          },
        }),
        await send(t, getTransaction, { ...init, query: { id: made.order.payment_id } }),
      ]) {
        const text = await response.text();
        expect([403, 404], `${attacker.label}: ${response.status} ${text.slice(0, 200)}`).toContain(response.status);
        expect(text).not.toContain('Sam de Vries');
      }
    }
  });

  it('refuses the staff calls to members and answers a complaint only to staff', async () => {
    for (const attacker of actors) {
      const response = await send(t, postStaffComplaintStatus, {
        session: attacker.session,
        host: attacker.host,
        body: { id: 'C-1', status: 'handled', reason: 'not mine' },
      });
      expect([403, 404]).toContain(response.status);
    }
  });

  it('leaves every owner’s objects as they were', async () => {
    for (const victim of actors.filter((actor) => actor !== deleted)) {
      const page = await call(t, getChatMessages, {
        session: victim.session,
        host: victim.host,
        query: { id: victim.conversation },
      });
      expect(page.messages.map((message) => [message.id, message.text])).toEqual([
        [victim.message, victim.secret],
        [victim.photoMessage, null],
      ]);
      // The owner still gets the chat photo the others were refused.
      const chatPhoto = await t.request(`${CHAT_PHOTO_FILE_PATH}?id=${victim.photoMessage}&v=full`, {
        session: victim.session,
        host: victim.host,
      });
      expect(chatPhoto.status).toBe(200);
      expect(await chatPhoto.text()).toBe(`${victim.photoKeys[0]}:full`);
      const own = await call(t, getPhotos, { session: victim.session, host: victim.host });
      expect(own.photos.map((photo) => [photo.id, photo.is_main, photo.premium])).toEqual([
        [victim.photoIds[0], true, false],
        [victim.photoIds[1], false, false],
        [victim.photoIds[2], false, true],
      ]);
      const transaction = await call(t, getTransaction, {
        session: victim.session,
        host: victim.host,
        query: { id: victim.payment },
      });
      expect(transaction.order.status).toBe('completed');
    }
  });
});
