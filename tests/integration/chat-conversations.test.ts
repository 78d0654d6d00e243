/**
 * Conversations (SPEC §2.7 'Chats overview and conversation', §4 Account 'Not
 * confirmed', Conversations, Blocking, Invisible and Privacy mode, §8): starting, the list
 * with unread counts, reading (read state and its events), paging and the visibility window,
 * deleting, blocks and gone members, held messages released on confirmation, the site's own
 * conversation of system messages, and typing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_PAGE_SIZE,
  deleteChat,
  getChatMessages,
  getChatStart,
  getChats,
  postChatMessage,
  postTyping,
} from '#src/contract/chat.ts';
import { postBlock } from '#src/contract/members.ts';
import { CHAT_VISIBLE_DAYS, TYPING_EVERY_MS } from '#src/lib/constants.ts';
import { accounts, messages, profiles } from '#src/server/db/schema.ts';
import type { DeliveredEvent } from '#src/server/features/events/index.ts';
import { issueToken } from '#src/server/features/accounts/tokens.ts';
import { sendSystemMessage } from '#src/server/features/chat/system-messages.ts';
import { decidePhoto } from '#src/server/features/moderation/service.ts';
import { balanceOf, chatMember, clientId, eventsOf, prices, sendChat, startChat } from './chat-fixtures.ts';
import { call, callError, createTestApp, FIXED_NOW, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

describe('starting a conversation', () => {
  it('answers one id per pair, from either side, and lists it only once it has a message', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const id = await startChat(t, me, her.publicId);
    expect(await startChat(t, me, her.publicId)).toBe(id);
    expect(await startChat(t, her, me.publicId)).toBe(id);
    expect((await call(t, getChats, { session: me.session })).chats).toEqual([]);
    await sendChat(t, me, id, 'Hi');
    expect((await call(t, getChats, { session: me.session })).chats.map((c) => c.id)).toEqual([id]);
    expect((await call(t, getChats, { session: her.session })).chats.map((c) => c.id)).toEqual([id]);
  });

  it('404 for oneself, an unknown profile, another site’s; 403 blocked with the name when blocked', async () => {
    const me = await chatMember(t);
    const other = await chatMember(t, { site: 'gay' });
    const blocker = await chatMember(t, { gender: 'female' });
    for (const profile of [me.publicId, 'nobody-here', other.publicId]) {
      expect((await callError(t, getChatStart, { session: me.session, query: { profile } })).code).toBe('not_found');
    }
    await call(t, postBlock, { session: blocker.session, body: { profile: me.publicId } });
    const response = await t.request(`/api/chat.php?profile=${blocker.publicId}`, { session: me.session });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string }; blocked_by: string };
    expect(body.error.code).toBe('blocked');
    expect(body.blocked_by).toBe(
      (await t.db.select().from(profiles).where(eq(profiles.id, blocker.profileId)))[0]?.name,
    );
    // The blocker no longer sees the blocked member either.
    expect((await callError(t, getChatStart, { session: blocker.session, query: { profile: me.publicId } })).code).toBe(
      'not_found',
    );
  });
});

describe('the list and reading', () => {
  it('counts unread, marks read on opening, tells the sender (read) and records the events', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female', paid: true, credits: 100 });
    const chat = await startChat(t, me, her.publicId);
    const first = await sendChat(t, me, chat, 'one');
    const second = await sendChat(t, me, chat, 'two');
    expect(second.message.read).toBe(false);

    const hers = await call(t, getChats, { session: her.session });
    expect(hers.total_unread).toBe(2);
    expect(hers.chats[0]).toMatchObject({ id: chat, num_unread_messages: 2, system: false });
    expect(hers.chats[0]?.profile?.id).toBe(me.publicId);
    expect(hers.chats[0]?.last_message).toMatchObject({ id: second.message.id, from: 'them', client_id: null });
    const received = await eventsOf(t, her.accountId, 'message');
    expect(received.map((e) => (e.data as { message: { id: string } }).message.id)).toEqual([
      first.message.id,
      second.message.id,
    ]);
    expect((await eventsOf(t, her.accountId, 'counters')).at(-1)?.data).toEqual({ total_unread: 2 });
    // The sender's other tabs get the message and the new balance.
    expect((await eventsOf(t, me.accountId, 'counters')).at(-1)?.data).toMatchObject({ credits: second.credits });

    const page = await call(t, getChatMessages, { session: her.session, query: { id: chat } });
    expect(page.messages.map((m) => [m.text, m.from])).toEqual([
      ['one', 'them'],
      ['two', 'them'],
    ]);
    expect(page).toMatchObject({ has_more: false, older_hidden: false, can_write: true, icebreakers: [] });
    expect(page.conversation.num_unread_messages).toBe(0);
    expect((await call(t, getChats, { session: her.session })).total_unread).toBe(0);
    expect((await eventsOf(t, me.accountId, 'read')).at(-1)?.data).toEqual({
      conversation: chat,
      message: second.message.id,
    });
    expect((await eventsOf(t, her.accountId, 'counters')).at(-1)?.data).toEqual({ total_unread: 0 });
    const mine = await call(t, getChatMessages, { session: me.session, query: { id: chat } });
    expect(mine.messages.map((m) => [m.from, m.read, m.client_id !== null])).toEqual([
      ['me', true, true],
      ['me', true, true],
    ]);

    // Newest first.
    const other = await chatMember(t, { gender: 'female' });
    const newer = await startChat(t, me, other.publicId);
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    await sendChat(t, me, newer, 'later');
    expect((await call(t, getChats, { session: me.session })).chats.map((c) => c.id)).toEqual([newer, chat]);
  });

  it('offers icebreakers while the conversation is empty', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const empty = await call(t, getChatMessages, { session: me.session, query: { id: chat } });
    expect(empty.icebreakers.length).toBeGreaterThan(0);
    expect(empty.icebreakers[0]?.text).toBeTruthy();
    await sendChat(t, me, chat, 'hi');
    expect((await call(t, getChatMessages, { session: me.session, query: { id: chat } })).icebreakers).toEqual([]);
  });

  it('pages 50 at a time, oldest first, and hides messages older than the window', async () => {
    const me = await chatMember(t, { paid: true, credits: 10_000 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const start = t.clock.now.getTime();
    t.clock.now = new Date(start - (CHAT_VISIBLE_DAYS + 1) * DAY);
    await sendChat(t, me, chat, 'ancient');
    t.clock.now = new Date(start);
    for (let i = 0; i < CHAT_PAGE_SIZE + 5; i += 1) {
      t.clock.now = new Date(start + i * 1000);
      await sendChat(t, me, chat, `m${i}`);
    }
    const newest = await call(t, getChatMessages, { session: her.session, query: { id: chat } });
    expect(newest.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(newest.messages[0]?.text).toBe('m5');
    expect(newest.messages.at(-1)?.text).toBe(`m${CHAT_PAGE_SIZE + 4}`);
    expect(newest.has_more).toBe(true);
    expect(newest.older_hidden).toBe(true);
    const older = await call(t, getChatMessages, {
      session: her.session,
      query: { id: chat, before: newest.messages[0]!.id },
    });
    expect(older.messages.map((m) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(older.has_more).toBe(false);
    t.clock.now = new Date(FIXED_NOW);
  });
});

describe('deleting', () => {
  it('removes the conversation from my list only; a new message brings back only what came after', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female', paid: true, credits: 100 });
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, her, chat, 'before');
    await call(t, deleteChat, { session: me.session, body: { conversation: chat } });
    await call(t, deleteChat, { session: me.session, body: { conversation: chat } });
    expect((await call(t, getChats, { session: me.session })).chats).toEqual([]);
    expect((await eventsOf(t, me.accountId, 'chat_removed')).at(-1)?.data).toEqual({ conversation: chat });
    expect((await call(t, getChats, { session: her.session })).chats.map((c) => c.id)).toEqual([chat]);

    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    await sendChat(t, her, chat, 'after');
    const list = await call(t, getChats, { session: me.session });
    expect(list.chats[0]).toMatchObject({ id: chat, num_unread_messages: 1 });
    const page = await call(t, getChatMessages, { session: me.session, query: { id: chat } });
    expect(page.messages.map((m) => m.text)).toEqual(['after']);
    expect((await call(t, getChatMessages, { session: her.session, query: { id: chat } })).messages).toHaveLength(2);
    expect((await callError(t, deleteChat, { session: me.session, body: { conversation: 'nope' } })).code).toBe(
      'not_found',
    );
    t.clock.now = new Date(FIXED_NOW);
  });
});

describe('members who are gone, blocked or hidden', () => {
  it('a block deletes the conversation for both, with chat_removed to both accounts', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'hi');
    await call(t, postBlock, { session: her.session, body: { profile: me.publicId } });
    for (const side of [me, her]) {
      expect((await call(t, getChats, { session: side.session })).chats).toEqual([]);
      expect((await eventsOf(t, side.accountId, 'chat_removed')).at(-1)?.data).toEqual({ conversation: chat });
    }
    expect((await callError(t, getChatMessages, { session: me.session, query: { id: chat } })).code).toBe('not_found');
  });

  it('a deleted account leaves the list and cannot be written to; invisible members in touch stay', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const gone = await chatMember(t, { gender: 'female' });
    const shy = await chatMember(t, { gender: 'female', invisible: true, privacy: true });
    const goneChat = await startChat(t, me, gone.publicId);
    await sendChat(t, me, goneChat, 'hi');
    // The invisible member writes first: in touch from then on.
    const shyChat = await startChat(t, shy, me.publicId);
    await sendChat(t, shy, shyChat, 'psst');
    await t.db.update(accounts).set({ status: 'deleted' }).where(eq(accounts.id, gone.accountId));
    await t.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, gone.profileId));
    expect((await call(t, getChats, { session: me.session })).chats.map((c) => c.id)).toEqual([shyChat]);
    const closed = await callError(t, postChatMessage, {
      session: me.session,
      body: { conversation: goneChat, client_id: clientId(), text: 'still there?' },
    });
    expect(closed.code).toBe('chat_closed');
    expect((await sendChat(t, me, shyChat, 'hello you')).message.status).toBe('delivered');
  });
});

describe('not confirmed senders', () => {
  it('are charged, their messages held until the address is confirmed, then delivered', async () => {
    const me = await chatMember(t, { status: 'not_confirmed', paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const sent = await sendChat(t, me, chat, 'waiting');
    expect(sent.message.status).toBe('held');
    expect(await balanceOf(t, me.accountId)).toBe(100 - (await prices(t)).message_credits);
    expect((await call(t, getChats, { session: me.session })).chats[0]?.last_message?.status).toBe('held');
    expect(await call(t, getChats, { session: her.session })).toEqual({ chats: [], total_unread: 0 });
    expect(await eventsOf(t, her.accountId, 'message')).toEqual([]);
    // Others cannot write to (or even find) a member who is not confirmed.
    expect((await callError(t, getChatStart, { session: her.session, query: { profile: me.publicId } })).code).toBe(
      'not_found',
    );

    const token = await issueToken(t.db, { accountId: me.accountId, kind: 'activation', now: t.clock.now });
    const activated = await t.request(`/api/activate.php?token=${token}`);
    expect(activated.headers.get('location')).toBe('/activate/done');

    const hers = await call(t, getChats, { session: her.session });
    expect(hers.total_unread).toBe(1);
    expect(hers.chats[0]).toMatchObject({
      id: chat,
      num_unread_messages: 1,
      last_message: { id: sent.message.id, text: 'waiting' },
    });
    expect(
      (await eventsOf(t, her.accountId, 'message')).map((e) => (e.data as { message: { id: string } }).message.id),
    ).toEqual([sent.message.id]);
    const [row] = await t.db
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.publicId, sent.message.id));
    expect(row?.status).toBe('delivered');

    // And the site welcomes the member in its own conversation.
    const mine = await call(t, getChats, { session: me.session });
    const site = mine.chats.find((c) => c.system);
    expect(site).toMatchObject({ id: 'site', profile: null, num_unread_messages: 1 });
    expect(site?.last_message?.system).toEqual({ key: 'welcome', params: { brand: 'Flirtmoment' } });
  });
});

describe('the site’s own conversation', () => {
  it('lists system messages, marks them read on opening, cannot be written to, and sends each once', async () => {
    const me = await chatMember(t);
    expect((await call(t, getChats, { session: me.session })).chats).toEqual([]);
    const order = {
      accountId: me.accountId,
      key: 'purchase' as const,
      params: { order: 'A-1', credits: 250 },
      reference: 'A-1',
      now: t.clock.now,
    };
    expect(await sendSystemMessage(t.deps, order)).toBe(true);
    expect(await sendSystemMessage(t.deps, order)).toBe(false);
    const list = await call(t, getChats, { session: me.session });
    expect(list).toMatchObject({ total_unread: 1, chats: [{ id: 'site', system: true, profile: null }] });
    expect((await eventsOf(t, me.accountId, 'message')).at(-1)?.data).toMatchObject({
      conversation: 'site',
      message: { from: 'system', kind: 'system', system: { key: 'purchase', params: { order: 'A-1', credits: 250 } } },
    });

    const page = await call(t, getChatMessages, { session: me.session, query: { id: 'site' } });
    expect(page).toMatchObject({ can_write: false, icebreakers: [], conversation: { num_unread_messages: 0 } });
    expect(page.messages.map((m) => m.system?.key)).toEqual(['purchase']);
    expect((await call(t, getChats, { session: me.session })).total_unread).toBe(0);
    const closed = await callError(t, postChatMessage, {
      session: me.session,
      body: { conversation: 'site', client_id: clientId(), text: 'hello site' },
    });
    expect(closed.code).toBe('chat_closed');
  });

  it('tells the owner of a photo the moderator’s decision', async () => {
    const me = await chatMember(t);
    const moderator = await chatMember(t);
    await t.db.update(accounts).set({ role: 'moderator' }).where(eq(accounts.id, moderator.accountId));
    const { photos } = await import('#src/server/db/schema.ts');
    const inserted = await t.db
      .insert(photos)
      .values([
        {
          publicId: `p1${me.publicId}`.slice(0, 16),
          profileId: me.profileId,
          storageKey: 'chattestphoto1',
          width: 1,
          height: 1,
          thumbWidth: 1,
          thumbHeight: 1,
        },
        {
          publicId: `p2${me.publicId}`.slice(0, 16),
          profileId: me.profileId,
          storageKey: 'chattestphoto2',
          width: 1,
          height: 1,
          thumbWidth: 1,
          thumbHeight: 1,
        },
      ])
      .returning({ publicId: photos.publicId });
    await decidePhoto(
      t.db,
      moderator.accountId,
      inserted[0]!.publicId,
      { decision: 'approve' },
      t.clock.now,
      t.deps.events,
    );
    await decidePhoto(
      t.db,
      moderator.accountId,
      inserted[1]!.publicId,
      { decision: 'reject', reason: 'quality' },
      t.clock.now,
      t.deps.events,
    );
    const page = await call(t, getChatMessages, { session: me.session, query: { id: 'site' } });
    expect(page.messages.map((m) => m.system)).toEqual([
      { key: 'photo_approved', params: {} },
      { key: 'photo_rejected', params: { reason: 'quality' } },
    ]);
  });
});

describe('typing', () => {
  it('reaches the other side’s open channels, at most every TYPING_EVERY_MS / 2', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'hi');
    const got: DeliveredEvent[] = [];
    const stop = t.deps.events.subscribe(her.accountId, (event) => got.push(event));
    await call(t, postTyping, { session: me.session, body: { conversation: chat } });
    await call(t, postTyping, { session: me.session, body: { conversation: chat } });
    t.clock.now = new Date(t.clock.now.getTime() + TYPING_EVERY_MS);
    await call(t, postTyping, { session: me.session, body: { conversation: chat } });
    stop();
    expect(got.filter((e) => e.event.type === 'typing')).toEqual([
      { id: null, event: { type: 'typing', data: { conversation: chat } } },
      { id: null, event: { type: 'typing', data: { conversation: chat } } },
    ]);
    const stranger = await chatMember(t);
    expect((await callError(t, postTyping, { session: stranger.session, body: { conversation: chat } })).code).toBe(
      'not_found',
    );
    t.clock.now = new Date(FIXED_NOW);
  });
});
