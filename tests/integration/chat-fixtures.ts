/**
 * Shared setup of the chat tests (chat-*.test.ts): members with a balance, chat pals, the
 * site's prices, starting a conversation and sending through the contract calls.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { getChatStart, postChatMessage } from '#src/contract/chat.ts';
import { accountEvents, accounts, creditLedger, messages, profiles } from '#src/server/db/schema.ts';
import { applyCredits } from '#src/server/features/credits/ledger.ts';
import { loadSite } from '#src/server/features/site/settings.ts';
import { sites } from '#sites-config';
import { call, createTestMember, type TestApp } from './harness.ts';

export interface ChatMemberInit {
  site?: string;
  paid?: boolean;
  credits?: number;
  status?: 'confirmed' | 'not_confirmed';
  invisible?: boolean;
  privacy?: boolean;
  gender?: 'male' | 'female';
}

export type ChatMember = Awaited<ReturnType<typeof chatMember>>;

/** A member (confirmed unless told) with `credits` through the ledger, logged in. */
export async function chatMember(t: TestApp, init: ChatMemberInit = {}) {
  const site = init.site ?? 'default';
  const created = await createTestMember(t, {
    siteId: site,
    gender: init.gender ?? 'male',
    seeking: init.gender === 'female' ? 'male' : 'female',
    status: init.status ?? 'confirmed',
    photos: [],
  });
  if (init.paid) await t.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, created.accountId));
  if (init.invisible || init.privacy) {
    await t.db
      .update(profiles)
      .set({ invisible: init.invisible ?? false, privacyMode: init.privacy ?? false })
      .where(eq(profiles.id, created.profileId));
  }
  if (init.credits) {
    await t.db.transaction((tx) =>
      applyCredits(tx, {
        accountId: created.accountId,
        delta: init.credits ?? 0,
        reason: 'correction',
        reference: `test:${created.accountId}:${randomBytes(4).toString('hex')}`,
        now: t.clock.now,
      }),
    );
  }
  return { ...created, session: await t.login(created.accountId), host: `${site}.localhost` };
}

let palCounter = 0;

/** A fictional chat pal (no account), active. */
export async function chatPal(t: TestApp, site = 'default') {
  palCounter += 1;
  const publicId = `cp${palCounter}${randomBytes(4).toString('hex')}`;
  const [row] = await t.db
    .insert(profiles)
    .values({
      publicId,
      siteId: site,
      type: 'fictional',
      status: 'active',
      name: `Pal${palCounter}`,
      gender: 'female',
      birthdate: '1985-03-03',
      country: 'NL',
    })
    .returning({ id: profiles.id });
  if (!row) throw new Error('no pal');
  return { profileId: row.id, publicId };
}

/** The site's effective settings (prices, message_length). */
export async function prices(t: TestApp, siteId = 'default') {
  const site = sites.find((s) => s.id === siteId);
  if (!site) throw new Error(`no site ${siteId}`);
  return (await loadSite(t.db, site)).settings;
}

/** The conversation id between the member and a profile, started by the member. */
export async function startChat(t: TestApp, from: ChatMember, profilePublicId: string): Promise<string> {
  const { id } = await call(t, getChatStart, {
    session: from.session,
    host: from.host,
    query: { profile: profilePublicId },
  });
  return id;
}

export function clientId(): string {
  return `c-${randomBytes(8).toString('hex')}`;
}

/** Sends as the member; answers the contract's answer. */
export function sendChat(
  t: TestApp,
  from: ChatMember,
  conversation: string,
  content: { text: string } | { gift: string } | { gif: string } | { icebreaker: string } | string,
  client = clientId(),
) {
  const body = typeof content === 'string' ? { text: content } : content;
  return call(t, postChatMessage, {
    session: from.session,
    host: from.host,
    body: { conversation, client_id: client, ...body },
  });
}

export async function balanceOf(t: TestApp, accountId: number): Promise<number> {
  const [row] = await t.db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, accountId));
  return row?.credits ?? -1;
}

/** The account's ledger rows of chat reasons, oldest first. */
export async function chatLedger(t: TestApp, accountId: number) {
  const rows = await t.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId))
    .orderBy(asc(creditLedger.id));
  return rows.filter((r) => ['message', 'photo', 'gift', 'icebreaker'].includes(r.reason));
}

export async function messagesOf(t: TestApp, senderProfileId: number) {
  return t.db.select().from(messages).where(eq(messages.senderId, senderProfileId)).orderBy(asc(messages.id));
}

/** The events recorded for an account (the realtime log), oldest first, optionally of one type. */
export async function eventsOf(t: TestApp, accountId: number, type?: string) {
  const rows = await t.db
    .select()
    .from(accountEvents)
    .where(
      type
        ? and(eq(accountEvents.accountId, accountId), eq(accountEvents.type, type))
        : eq(accountEvents.accountId, accountId),
    )
    .orderBy(asc(accountEvents.id));
  return rows;
}
