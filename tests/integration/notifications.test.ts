/**
 * E-mail notifications (docs/notifications.md): the preferences call, the mails of new
 * conversations, messages and likes with their throttling, the one-click unsubscribe and its
 * landing page, the mail service's webhook, and the hourly reminders and weekly updates on a
 * fake clock. Mails are read from the outbox provider.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChatMessages } from '#src/contract/chat.ts';
import { postLike } from '#src/contract/likes.ts';
import { getMember } from '#src/contract/members.ts';
import {
  EMAIL_PREFERENCE_DEFAULTS,
  getNotificationSettings,
  postMailEvents,
  putNotificationSettings,
} from '#src/contract/notifications.ts';
import { getUser } from '#src/contract/user.ts';
import { accounts } from '#src/server/db/schema.ts';
import { runNotificationJobs } from '#src/server/features/notifications/jobs.ts';
import { notificationMailsSettled } from '#src/server/features/notifications/sender.ts';
import { CHAT_MAILS_PER_DAY, LIKE_MAIL_INTERVAL_MS } from '#src/server/features/notifications/triggers.ts';
import type { SentMail } from '#src/server/providers/mail/types.ts';
import { chatMember, sendChat, startChat, type ChatMember } from './chat-fixtures.ts';
import { call, callError, createTestApp, FIXED_NOW, seedSiteData, send, type TestApp } from './harness.ts';

const SECRET = 'a-webhook-secret-of-enough-length';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: (deps) => ({ ...deps, config: { ...deps.config, mailWebhookSecret: SECRET } }) });
  await seedSiteData(t);
});
afterAll(async () => {
  await notificationMailsSettled();
  await t.close();
});

async function emailOf(member: ChatMember): Promise<string> {
  const [row] = await t.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, member.accountId));
  return row?.email ?? '';
}

/** The mails the outbox holds for a member, oldest first. */
async function mailsTo(member: ChatMember): Promise<SentMail[]> {
  await notificationMailsSettled();
  const email = await emailOf(member);
  return (await t.mail.list()).filter((m) => m.to === email).reverse();
}

/** A paying sender and a recipient (a woman, as the chat fixtures pair them). */
async function pair() {
  const me = await chatMember(t, { paid: true, credits: 500 });
  const her = await chatMember(t, { gender: 'female' });
  return { me, her };
}

function read(member: ChatMember, conversation: string) {
  return call(t, getChatMessages, { session: member.session, host: member.host, query: { id: conversation } });
}

function tokenOf(mail: SentMail): string {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  const token = /token=([^>\s]+)>/.exec(header)?.[1];
  if (!token) throw new Error(`no token in ${header}`);
  return token;
}

describe('GET/PUT /api/notifications.php', () => {
  it('answers the eight preferences with their defaults and saves some without touching the push keys', async () => {
    const her = await chatMember(t, { gender: 'female' });
    await t.db
      .update(accounts)
      .set({ emailPreferences: { push_likes: false } })
      .where(eq(accounts.id, her.accountId));
    const first = await call(t, getNotificationSettings, { session: her.session });
    expect(first.settings).toEqual({ email: EMAIL_PREFERENCE_DEFAULTS, notifications_disabled: [] });

    const saved = await call(t, putNotificationSettings, {
      session: her.session,
      body: { like: false, promotions: true },
    });
    expect(saved.settings.email).toMatchObject({ like: false, promotions: true, new_messages: true });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, her.accountId));
    expect(row?.emailPreferences).toMatchObject({ push_likes: false, like: false, promotions: true });
  });

  it('needs a login and refuses unknown preferences', async () => {
    const her = await chatMember(t, { gender: 'female' });
    expect((await callError(t, getNotificationSettings)).code).toBe('authentication_required');
    const response = await send(t, putNotificationSettings, {
      session: her.session,
      body: { like: false, sms: true } as never,
    });
    expect(response.status).toBe(400);
  });
});

describe('chat mails', () => {
  it('a first message mails "new conversation" without its text, with the RFC 8058 headers and both parts', async () => {
    const { me, her } = await pair();
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'A private line nobody else reads');

    const [mail, ...more] = await mailsTo(her);
    expect(more).toEqual([]);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toContain('started a conversation with you');
    expect(mail.text).toContain(`/chats/${chat}`);
    expect(mail.html).toContain('<table role="presentation"');
    for (const part of [mail.subject, mail.text, mail.html ?? '']) expect(part).not.toContain('private line');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/default\.localhost:\d+\/api\/unsubscribe\.php\?token=[^>]+>, <mailto:unsubscribe@[^>]+>$/,
    );
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('sends one mail per conversation until the member has read it, then a "new message" mail', async () => {
    const { me, her } = await pair();
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'one');
    await sendChat(t, me, chat, 'two');
    await sendChat(t, me, chat, 'three');
    expect(await mailsTo(her)).toHaveLength(1);

    await read(her, chat);
    await sendChat(t, me, chat, 'four');
    const mails = await mailsTo(her);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toContain('New message from');
  });

  it('is written in the recipient’s language', async () => {
    const { me, her } = await pair();
    await t.db.update(accounts).set({ language: 'de' }).where(eq(accounts.id, her.accountId));
    await sendChat(t, me, await startChat(t, me, her.publicId), 'hallo');
    const [mail] = await mailsTo(her);
    expect(mail?.subject).toContain('hat ein Gespräch mit dir begonnen');
    expect(mail?.headers?.['List-Unsubscribe']).toContain('http://de.default.localhost:');
  });

  it('respects new_conversations and new_messages', async () => {
    const { me, her } = await pair();
    await call(t, putNotificationSettings, { session: her.session, body: { new_conversations: false } });
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'hello');
    expect(await mailsTo(her)).toEqual([]);

    // Once she answered, it is a conversation of hers: new_messages decides.
    await read(her, chat);
    await sendChat(t, her, chat, 'hi');
    await sendChat(t, me, chat, 'how are you');
    expect(await mailsTo(her)).toHaveLength(1);

    await read(her, chat);
    await call(t, putNotificationSettings, { session: her.session, body: { new_messages: false } });
    await sendChat(t, me, chat, 'still there?');
    expect(await mailsTo(her)).toHaveLength(1);
  });

  it('sends nothing to a member with notifications disabled or with an open realtime channel', async () => {
    const { me, her } = await pair();
    await t.db
      .update(accounts)
      .set({ notificationsDisabled: ['bounce'] })
      .where(eq(accounts.id, her.accountId));
    await sendChat(t, me, await startChat(t, me, her.publicId), 'hello');
    expect(await mailsTo(her)).toEqual([]);

    const online = await chatMember(t, { gender: 'female' });
    const stop = t.deps.events.subscribe(online.accountId, () => undefined);
    const chat = await startChat(t, me, online.publicId);
    await sendChat(t, me, chat, 'you are here');
    expect(await mailsTo(online)).toEqual([]);
    stop();
    await sendChat(t, me, chat, 'and now you left');
    expect(await mailsTo(online)).toHaveLength(1);
  });
});

describe('chat mails per day', () => {
  it(`sends a member at most ${CHAT_MAILS_PER_DAY} chat mails a day over all conversations`, async () => {
    const her = await chatMember(t, { gender: 'female' });
    for (let i = 0; i <= CHAT_MAILS_PER_DAY; i++) {
      const him = await chatMember(t, { paid: true, credits: 100 });
      await sendChat(t, him, await startChat(t, him, her.publicId), `hello ${i}`);
    }
    expect(await mailsTo(her)).toHaveLength(CHAT_MAILS_PER_DAY);
  });
});

describe('like mails', () => {
  it('mails a like, then none while it is unseen, and again after she looked and the interval passed', async () => {
    const her = await chatMember(t, { gender: 'female' });
    const first = await chatMember(t);
    const second = await chatMember(t);
    const third = await chatMember(t);
    await call(t, postLike, { session: first.session, host: first.host, body: { profile: her.publicId } });
    const [mail] = await mailsTo(her);
    expect(mail?.subject).toMatch(/^Member\d+ likes you$/);
    expect(mail?.text).toContain('/likes');

    await call(t, postLike, { session: second.session, host: second.host, body: { profile: her.publicId } });
    expect(await mailsTo(her)).toHaveLength(1);

    await call(t, getMember, { session: her.session, host: her.host, query: { id: first.publicId } });
    await call(t, getMember, { session: her.session, host: her.host, query: { id: second.publicId } });
    t.clock.now = new Date(t.clock.now.getTime() + LIKE_MAIL_INTERVAL_MS);
    try {
      await call(t, postLike, { session: third.session, host: third.host, body: { profile: her.publicId } });
      expect(await mailsTo(her)).toHaveLength(2);
    } finally {
      t.clock.now = new Date(FIXED_NOW);
    }
  });

  it('respects the like preference', async () => {
    const her = await chatMember(t, { gender: 'female' });
    const him = await chatMember(t);
    await call(t, putNotificationSettings, { session: her.session, body: { like: false } });
    await call(t, postLike, { session: him.session, host: him.host, body: { profile: her.publicId } });
    expect(await mailsTo(her)).toEqual([]);
  });
});

describe('unsubscribe', () => {
  async function mailedMember() {
    const { me, her } = await pair();
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'hello');
    const [mail] = await mailsTo(her);
    if (!mail) throw new Error('no mail');
    return { me, her, chat, token: tokenOf(mail) };
  }

  it('one-click POST (RFC 8058) turns every notification mail off with reason listunsubscribe', async () => {
    const { me, her, chat, token } = await mailedMember();
    const response = await t.request(`/api/unsubscribe.php?token=${token}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unsubscribed: true });
    const { user } = await call(t, getUser, { session: her.session });
    expect(user.notifications_disabled).toEqual(['listunsubscribe']);

    await read(her, chat);
    await sendChat(t, me, chat, 'are you there?');
    expect(await mailsTo(her)).toHaveLength(1);
  });

  it('one-click POST works when a webmail page sends it from its own origin', async () => {
    const { her, token } = await mailedMember();
    const response = await t.request(`/api/unsubscribe.php?token=${token}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://webmail.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(response.status).toBe(200);
    expect((await call(t, getUser, { session: her.session })).user.notifications_disabled).toEqual(['listunsubscribe']);
  });

  it('the link in the mail opens a page that asks first; its button stops only that kind', async () => {
    const { her, token } = await mailedMember();
    const page = await t.request(`/api/unsubscribe.php?token=${token}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Unsubscribe from all e-mails');
    expect(html).toContain('name="preference" value="new_conversations"');
    expect((await call(t, getNotificationSettings, { session: her.session })).settings.email.new_conversations).toBe(
      true,
    );

    const done = await t.request(`/api/unsubscribe.php?token=${token}`, {
      method: 'POST',
      body: 'preference=new_conversations',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Someone starts a conversation with me');
    const { settings } = await call(t, getNotificationSettings, { session: her.session });
    expect(settings).toMatchObject({
      notifications_disabled: [],
      email: { new_conversations: false, new_messages: true },
    });
  });

  it('refuses a forged or broken token', async () => {
    const { her, token } = await mailedMember();
    const forged = token.replace(/^\d+/, String(her.accountId + 1));
    for (const bad of [forged, 'nonsense', `${token.slice(0, -2)}AA`]) {
      const response = await t.request(`/api/unsubscribe.php?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('link_invalid');
    }
    const page = await t.request(`/api/unsubscribe.php?token=nonsense`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This unsubscribe link is not valid');
    expect((await call(t, getUser, { session: her.session })).user.notifications_disabled).toEqual([]);
  });
});

describe('POST /api/mail-events.php', () => {
  it('needs the shared secret', async () => {
    const body = { events: [{ type: 'complaint' as const, email: 'x@example.test' }] };
    expect((await callError(t, postMailEvents, { body })).code).toBe('forbidden');
    const wrong = await callError(t, postMailEvents, { body, headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(403);
  });

  it('refuses everything when no secret is configured', async () => {
    const bare = await createTestApp();
    try {
      const failure = await callError(bare, postMailEvents, {
        body: { events: [{ type: 'complaint', email: 'x@example.test' }] },
        headers: { authorization: `Bearer ${SECRET}` },
      });
      expect(failure.code).toBe('forbidden');
    } finally {
      await bare.close();
    }
  });

  it('a permanent bounce sets bounce, a complaint fbl; temporary bounces and unknown addresses change nothing', async () => {
    const bounced = await chatMember(t, { gender: 'female' });
    const complained = await chatMember(t, { gender: 'female' });
    const unsubscribed = await chatMember(t, { gender: 'female' });
    const answer = await call(t, postMailEvents, {
      headers: { authorization: `Bearer ${SECRET}` },
      body: {
        events: [
          { type: 'bounce', email: (await emailOf(bounced)).toUpperCase() },
          { type: 'bounce', email: await emailOf(complained), permanent: false },
          { type: 'complaint', email: await emailOf(complained) },
          { type: 'complaint', email: 'nobody@example.test' },
          { type: 'unsubscribe', email: await emailOf(unsubscribed), site: 'default' },
        ],
      },
    });
    expect(answer).toEqual({ accounts: 3, ignored: 2 });
    expect((await call(t, getUser, { session: bounced.session })).user.notifications_disabled).toEqual(['bounce']);
    expect((await call(t, getUser, { session: complained.session })).user.notifications_disabled).toEqual(['fbl']);
    expect((await call(t, getUser, { session: unsubscribed.session })).user.notifications_disabled).toEqual([
      'listunsubscribe',
    ]);

    const again = await call(t, postMailEvents, {
      headers: { authorization: `Bearer ${SECRET}` },
      body: { events: [{ type: 'complaint', email: await emailOf(complained) }] },
    });
    expect(again).toEqual({ accounts: 0, ignored: 1 });
  });
});

describe('the hourly reminders and weekly updates', () => {
  it('reminds of unread messages a day later, once per batch of news and at most every three days', async () => {
    const start = t.clock.now.getTime();
    try {
      const { me, her } = await pair();
      const chat = await startChat(t, me, her.publicId);
      await sendChat(t, me, chat, 'hello');
      await sendChat(t, me, chat, 'anyone?');
      expect(await mailsTo(her)).toHaveLength(1);

      t.clock.now = new Date(start + 12 * HOUR);
      await runNotificationJobs(t.deps);
      expect(await mailsTo(her)).toHaveLength(1);

      t.clock.now = new Date(start + 25 * HOUR);
      await runNotificationJobs(t.deps);
      const reminder = (await mailsTo(her))[1];
      expect(reminder?.subject).toBe('You have 2 unread messages');
      expect(reminder?.text).toContain('/chats');

      t.clock.now = new Date(start + 5 * DAY);
      await runNotificationJobs(t.deps);
      expect(await mailsTo(her)).toHaveLength(2);

      await sendChat(t, me, chat, 'one more');
      t.clock.now = new Date(start + 6 * DAY + HOUR);
      await runNotificationJobs(t.deps);
      const mails = await mailsTo(her);
      expect(mails).toHaveLength(3);
      expect(mails[2]?.subject).toBe('You have 3 unread messages');
    } finally {
      t.clock.now = new Date(FIXED_NOW);
    }
  });

  it('sends the weekly update a week after signup with the week’s news, then not before the next week', async () => {
    const start = t.clock.now.getTime();
    try {
      const her = await chatMember(t, { gender: 'female' });
      const quiet = await chatMember(t, { gender: 'female', site: 'gay' });
      await call(t, putNotificationSettings, { session: quiet.session, body: { unread_message_reminders: false } });
      t.clock.now = new Date(start + 3 * DAY);
      const him = await chatMember(t);
      await call(t, postLike, { session: him.session, host: him.host, body: { profile: her.publicId } });
      const before = (await mailsTo(her)).length;

      t.clock.now = new Date(start + 6 * DAY);
      await runNotificationJobs(t.deps);
      expect(await mailsTo(her)).toHaveLength(before);

      t.clock.now = new Date(start + 7 * DAY);
      await runNotificationJobs(t.deps);
      const weekly = (await mailsTo(her)).slice(before);
      expect(weekly).toHaveLength(1);
      expect(weekly[0]?.subject).toBe('Your week on Flirtmoment');
      expect(weekly[0]?.text).toContain('- 1 new like');
      expect(weekly[0]?.text).toMatch(/- \d+ new members? near you/);
      expect(await mailsTo(quiet)).toEqual([]);

      t.clock.now = new Date(start + 10 * DAY);
      await runNotificationJobs(t.deps);
      expect((await mailsTo(her)).slice(before)).toHaveLength(1);

      await call(t, putNotificationSettings, { session: her.session, body: { weekly_updates: false } });
      t.clock.now = new Date(start + 15 * DAY);
      await runNotificationJobs(t.deps);
      expect((await mailsTo(her)).slice(before)).toHaveLength(1);
    } finally {
      t.clock.now = new Date(FIXED_NOW);
    }
  });
});
