/**
 * Sending chat messages (SPEC §1 'Business model', §6 free members, §8 'You do not
 * have enough credits', §9): every price, the free messages and conversation starts of free
 * members, the message length, the balance under parallel sends, idempotent retries and
 * chat pals on both ends.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChatMessages, getChats, postChatMessage } from '#src/contract/chat.ts';
import { FREE_CONVERSATION_STARTS, FREE_MESSAGES } from '#src/lib/constants.ts';
import { conversations, conversationSides, messages } from '#src/server/db/schema.ts';
import { sendAsChatPal } from '#src/server/features/chat/chat-pal-send.ts';
import { icebreakerByKey, GIFT_KEYS, ICEBREAKERS } from '#src/server/features/chat-catalogue/catalogue.ts';
import {
  balanceOf,
  chatLedger,
  chatMember,
  chatPal,
  clientId,
  eventsOf,
  messagesOf,
  prices,
  sendChat,
  startChat,
} from './chat-fixtures.ts';
import { call, callError, createTestApp, seedSiteData, type TestApp } from './harness.ts';
import { createTestStaff } from './staff-helpers.ts';

let t: TestApp;
let price: Awaited<ReturnType<typeof prices>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  price = await prices(t);
});
afterAll(async () => {
  await t.close();
});

const ICEBREAKER = Object.keys(ICEBREAKERS)[0] as string;

describe('prices', () => {
  it('a premium member pays message_credits for a text, with a ledger row per message', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const sent = await sendChat(t, me, chat, 'Hello there');
    expect(sent.credits).toBe(100 - price.message_credits);
    expect(sent.message).toMatchObject({ from: 'me', kind: 'text', text: 'Hello there', status: 'delivered' });
    const ledger = await chatLedger(t, me.accountId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: 'message', delta: -price.message_credits, reference: sent.message.id });
    expect(await balanceOf(t, me.accountId)).toBe(100 - price.message_credits);
  });

  it('a GIF costs message_credits, a gift gift_credits, an icebreaker its own price', async () => {
    const me = await chatMember(t, { paid: true, credits: 200 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const ice = await sendChat(t, me, chat, { icebreaker: ICEBREAKER });
    const icePrice = icebreakerByKey(ICEBREAKER)?.credits ?? -1;
    expect(ice.credits).toBe(200 - icePrice);
    expect(ice.message.kind).toBe('icebreaker');
    expect(ice.message.text).toBeTruthy();

    const [gif] = await t.deps.gifs.search('', 'en', 1);
    if (!gif) throw new Error('no GIF in the catalogue');
    const gifSent = await sendChat(t, me, chat, { gif: gif.id });
    expect(gifSent.credits).toBe(200 - icePrice - price.message_credits);
    expect(gifSent.message.gif).toMatchObject({ id: gif.id });

    const gift = await sendChat(t, me, chat, { gift: GIFT_KEYS[0] });
    expect(gift.credits).toBe(200 - icePrice - price.message_credits - price.gift_credits);
    expect(gift.message.gift).toMatchObject({ key: GIFT_KEYS[0] });

    expect((await chatLedger(t, me.accountId)).map((r) => [r.reason, r.delta])).toEqual([
      ['icebreaker', -icePrice],
      ['message', -price.message_credits],
      ['gift', -price.gift_credits],
    ]);
  });

  it('refuses an unknown gift, GIF or icebreaker, and an icebreaker once a chat has messages', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const init = (body: object) => ({
      session: me.session,
      body: { conversation: chat, client_id: clientId(), ...body } as never,
    });
    expect((await callError(t, postChatMessage, init({ gift: 'no-such-gift' }))).code).toBe('invalid_input');
    expect((await callError(t, postChatMessage, init({ gif: 'no-such-gif' }))).code).toBe('invalid_input');
    expect((await callError(t, postChatMessage, init({ icebreaker: 'nope' }))).code).toBe('invalid_input');
    await sendChat(t, her, chat, 'Hi first');
    const used = await callError(t, postChatMessage, init({ icebreaker: ICEBREAKER }));
    expect(used.code).toBe('icebreaker_used');
    expect(await balanceOf(t, me.accountId)).toBe(100);
  });

  it('402 without enough credits: nothing is sent or charged', async () => {
    const me = await chatMember(t, { paid: true, credits: price.message_credits - 1 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const failure = await callError(t, postChatMessage, {
      session: me.session,
      body: { conversation: chat, client_id: clientId(), text: 'Hello' },
    });
    expect(failure).toMatchObject({
      status: 402,
      code: 'insufficient_credits',
      message: 'You do not have enough credits',
    });
    expect(await messagesOf(t, me.profileId)).toHaveLength(0);
    expect(await chatLedger(t, me.accountId)).toHaveLength(0);
  });

  it('message_too_long above message_length, counted in characters as the input counts them', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    // Emoji are two UTF-16 units but one character each.
    const exact = '😀'.repeat(price.message_length);
    expect((await sendChat(t, me, chat, exact)).message.text).toBe(exact);
    const failure = await callError(t, postChatMessage, {
      session: me.session,
      body: { conversation: chat, client_id: clientId(), text: `${exact}a` },
    });
    expect(failure.code).toBe('message_too_long');
    expect(failure.message).toContain(String(price.message_length));
  });
});

describe('free members', () => {
  it(`send ${FREE_MESSAGES} text or GIF messages free, then pay; photos, gifts and icebreakers always cost`, async () => {
    const me = await chatMember(t, { credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const gift = await sendChat(t, me, chat, { gift: GIFT_KEYS[1] });
    expect(gift.credits).toBe(100 - price.gift_credits);
    const balance = gift.credits;
    const [gif] = await t.deps.gifs.search('', 'en', 1);
    for (let i = 0; i < FREE_MESSAGES; i += 1) {
      const sent =
        i === 0 && gif ? await sendChat(t, me, chat, { gif: gif.id }) : await sendChat(t, me, chat, `free ${i}`);
      expect(sent.credits).toBe(balance);
    }
    const paid = await sendChat(t, me, chat, 'now it costs');
    expect(paid.credits).toBe(balance - price.message_credits);
    const rows = await messagesOf(t, me.profileId);
    expect(rows.filter((r) => r.free)).toHaveLength(FREE_MESSAGES);
    expect(rows.filter((r) => !r.free).map((r) => r.credits)).toEqual([price.gift_credits, price.message_credits]);
  });

  it(`start at most ${FREE_CONVERSATION_STARTS} conversations; replies and premium members are not limited`, async () => {
    const me = await chatMember(t, { credits: 200 });
    const others = await Promise.all([1, 2, 3, 4].map(() => chatMember(t, { gender: 'female' })));
    const chats = await Promise.all(others.map((o) => startChat(t, me, o.publicId)));
    // A conversation the other side opened with its first message is not one the member started.
    await sendChat(t, others[3]!, chats[3]!, 'I write first');
    await sendChat(t, me, chats[3]!, 'a reply');
    // Opening a conversation without a message starts nothing.
    await sendChat(t, me, chats[0]!, 'one');
    await sendChat(t, me, chats[1]!, 'two');
    const refused = await callError(t, postChatMessage, {
      session: me.session,
      body: { conversation: chats[2]!, client_id: clientId(), text: 'three' },
    });
    expect(refused).toMatchObject({ status: 403, code: 'free_conversation_limit' });
    expect(refused.message).toContain('premium');
    // More messages in started ones are fine.
    await sendChat(t, me, chats[0]!, 'again');

    const rich = await chatMember(t, { paid: true, credits: 200 });
    for (const other of others.slice(0, 3)) await sendChat(t, rich, await startChat(t, rich, other.publicId), 'hi');
  });
});

describe("what a free member is told before writing (the conversation's `sending`)", () => {
  it('free texts while they last, then none; no start left after two; premium members neither', async () => {
    const me = await chatMember(t, { credits: 200 });
    const others = await Promise.all([1, 2, 3].map(() => chatMember(t, { gender: 'female' })));
    const chats = await Promise.all(others.map((o) => startChat(t, me, o.publicId)));
    const terms = async (chat: string, member = me) =>
      (await call(t, getChatMessages, { session: member.session, query: { id: chat } })).sending;
    expect(await terms(chats[0]!)).toEqual({ start_blocked: false, free: true });
    const first = await sendChat(t, me, chats[0]!, 'one');
    expect(first.free_left).toBe(true);
    await sendChat(t, me, chats[1]!, 'two');
    // Two started: the third says so before anything is typed; the started ones do not.
    expect(await terms(chats[2]!)).toEqual({ start_blocked: true, free: true });
    expect(await terms(chats[0]!)).toEqual({ start_blocked: false, free: true });
    for (let i = 2; i < FREE_MESSAGES - 1; i += 1) await sendChat(t, me, chats[0]!, `free ${i}`);
    const last = await sendChat(t, me, chats[0]!, 'the last free one');
    expect(last.free_left).toBe(false);
    expect(await terms(chats[0]!)).toEqual({ start_blocked: false, free: false });

    const rich = await chatMember(t, { paid: true, credits: 200 });
    const richChat = await startChat(t, rich, others[0]!.publicId);
    expect(await terms(richChat, rich)).toEqual({ start_blocked: false, free: false });
  });
});

describe('balance and retries', () => {
  it('24 parallel sends against 5 messages worth: exactly 5 messages, 5 ledger rows, 0 credits', async () => {
    const me = await chatMember(t, { paid: true, credits: 5 * price.message_credits });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const answers = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) => sendChat(t, me, chat, `parallel ${i}`)),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    expect(await balanceOf(t, me.accountId)).toBe(0);
    expect(await messagesOf(t, me.profileId)).toHaveLength(5);
    expect(await chatLedger(t, me.accountId)).toHaveLength(5);
    for (const failed of answers.filter((a) => a.status === 'rejected')) {
      expect(String(failed.reason)).toContain('402');
    }
  });

  it('the same client_id again (also in parallel) answers the first message and charges once', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const key = clientId();
    const first = await sendChat(t, me, chat, 'once', key);
    const again = await sendChat(t, me, chat, 'once', key);
    expect(again.message.id).toBe(first.message.id);
    expect(again.message.client_id).toBe(key);
    expect(again.credits).toBe(first.credits);

    const parallelKey = clientId();
    const twins = await Promise.all(Array.from({ length: 8 }, () => sendChat(t, me, chat, 'twins', parallelKey)));
    expect(new Set(twins.map((a) => a.message.id)).size).toBe(1);
    expect(await messagesOf(t, me.profileId)).toHaveLength(2);
    expect(await chatLedger(t, me.accountId)).toHaveLength(2);
    expect(await balanceOf(t, me.accountId)).toBe(100 - 2 * price.message_credits);
  });

  it('a client_id reused in another conversation answers 409, not the first message', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const other = await chatMember(t, { gender: 'female' });
    const first = await startChat(t, me, her.publicId);
    const second = await startChat(t, me, other.publicId);
    const key = clientId();
    await sendChat(t, me, first, 'for her only', key);
    const reused = await callError(t, postChatMessage, {
      session: me.session,
      body: { conversation: second, client_id: key, text: 'for the other' },
    });
    expect(reused).toMatchObject({ status: 409, code: 'client_id_used', field: 'client_id' });
    expect(JSON.stringify(reused)).not.toContain('for her only');
    expect(await messagesOf(t, me.profileId)).toHaveLength(1);
    expect(await balanceOf(t, me.accountId)).toBe(100 - price.message_credits);
  });
});

describe('chat pals', () => {
  it('are messaged like members; an operator answers for free and the member gets the events', async () => {
    const me = await chatMember(t, { paid: true, credits: 50 });
    const pal = await chatPal(t);
    const chat = await startChat(t, me, pal.publicId);
    await sendChat(t, me, chat, 'Hello pal');
    const [row] = await t.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.publicId, chat));
    const [palSide] = await t.db
      .select({ unread: conversationSides.unread })
      .from(conversationSides)
      .where(eq(conversationSides.profileId, pal.profileId));
    expect(palSide?.unread).toBe(1);

    const operator = await createTestStaff(t, ['operator']);
    const key = clientId();
    const input = {
      conversationId: row!.id,
      chatPalProfileId: pal.profileId,
      staffOperatorId: operator.id,
      text: 'Hi you',
      clientId: key,
    };
    const answered = await sendAsChatPal(t.deps, input);
    expect((await sendAsChatPal(t.deps, input)).messagePublicId).toBe(answered.messagePublicId);
    const [stored] = await t.db.select().from(messages).where(eq(messages.publicId, answered.messagePublicId));
    expect(stored).toMatchObject({ staffOperatorId: operator.id, operatorId: null, credits: 0, status: 'delivered' });

    const list = await call(t, getChats, { session: me.session });
    expect(list.chats[0]).toMatchObject({
      id: chat,
      num_unread_messages: 1,
      profile: { id: pal.publicId, type: 'fictional' },
    });
    expect(list.chats[0]?.last_message).toMatchObject({ from: 'them', text: 'Hi you' });
    const delivered = await eventsOf(t, me.accountId, 'message');
    expect(delivered.at(-1)?.data).toMatchObject({
      conversation: chat,
      message: { id: answered.messagePublicId, from: 'them' },
    });
    expect((await eventsOf(t, me.accountId, 'counters')).at(-1)?.data).toMatchObject({ total_unread: 1 });

    const page = await call(t, getChatMessages, { session: me.session, query: { id: chat } });
    expect(page.messages.map((m) => m.text)).toEqual(['Hello pal', 'Hi you']);
    expect(await balanceOf(t, me.accountId)).toBe(50 - price.message_credits);
  });
});
