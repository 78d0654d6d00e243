/**
 * Demo conversations, so the chat is not empty on `npm start`: the free and the premium demo
 * login each have two conversations with seeded chat pals or members of the default site
 * (the other side wrote first, one message unread) and the site's welcome message. Written
 * directly (no charge: the other side opened each conversation; the free member's reply is
 * one of its free messages). Deterministic: the partners are the first matching profiles by
 * id, the ids come from the seeded random generator, the times from `now`.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, conversationSides, conversations, messages, profiles, systemMessages } from '../db/schema.ts';
import { DEMO_SITE_ID } from './demo-logins.ts';
import { Random } from './prng.ts';

const HOUR = 3_600_000;

interface DemoLine {
  /** Minutes before `now`. */
  minutesAgo: number;
  fromDemo: boolean;
  text: string;
}

const SCRIPTS: readonly (readonly DemoLine[])[] = [
  [
    { minutesAgo: 26 * 60, fromDemo: false, text: 'Hi! I saw your profile and had to say hello 😊' },
    { minutesAgo: 25 * 60, fromDemo: true, text: 'Hello! Nice to hear from you. How is your week going?' },
    { minutesAgo: 40, fromDemo: false, text: 'Busy, but better now. What do you like to do on weekends?' },
  ],
  [{ minutesAgo: 3 * 60, fromDemo: false, text: 'Hey there, fancy a chat tonight?' }],
];

/** Adds the demo conversations and welcome messages when the demo logins have none yet. */
export async function seedDemoChats(db: Db, options: { now: Date; brand: string }): Promise<void> {
  const logins = await db
    .select({ accountId: accounts.id, profileId: profiles.id, email: accounts.email, gender: profiles.seeking })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(eq(accounts.siteId, DEMO_SITE_ID), inArray(accounts.email, ['free@demo.test', 'premium@demo.test'])))
    .orderBy(asc(accounts.email));
  if (logins.length === 0) return;
  const [existing] = await db
    .select({ id: conversationSides.conversationId })
    .from(conversationSides)
    .where(
      inArray(
        conversationSides.profileId,
        logins.map((l) => l.profileId),
      ),
    )
    .limit(1);
  if (existing) return;

  // Partners: chat pals for the first conversation, confirmed members for the second, of the
  // gender the demo members seek, each used once.
  const partners = await db
    .select({ id: profiles.id, type: profiles.type })
    .from(profiles)
    .leftJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(
      and(
        eq(profiles.siteId, DEMO_SITE_ID),
        eq(profiles.status, 'active'),
        eq(profiles.gender, logins[0]?.gender ?? 'female'),
        eq(profiles.invisible, false),
        eq(profiles.privacyMode, false),
        or(eq(profiles.type, 'fictional'), eq(accounts.status, 'confirmed')),
      ),
    )
    .orderBy(asc(profiles.id))
    .limit(200);
  const pals = partners.filter((p) => p.type === 'fictional');
  const members = partners.filter((p) => p.type === 'member');

  const random = new Random(`demo-chats:${options.now.toISOString().slice(0, 10)}`);
  await db.transaction(async (tx) => {
    for (const [index, login] of logins.entries()) {
      const chosen = [pals[index], members[index]];
      for (const [n, partner] of chosen.entries()) {
        const script = SCRIPTS[n];
        if (!partner || !script) continue;
        const at = (line: DemoLine) => new Date(options.now.getTime() - line.minutesAgo * 60_000);
        const first = script[0];
        const last = script[script.length - 1];
        if (!first || !last) continue;
        const [conversation] = await tx
          .insert(conversations)
          .values({
            publicId: random.token(12),
            profileLow: Math.min(login.profileId, partner.id),
            profileHigh: Math.max(login.profileId, partner.id),
            startedBy: partner.id,
            lastMessageAt: at(last),
            createdAt: at(first),
          })
          .onConflictDoNothing()
          .returning({ id: conversations.id });
        if (!conversation) continue;
        const inserted = await tx
          .insert(messages)
          .values(
            script.map((line) => ({
              publicId: random.token(12),
              conversationId: conversation.id,
              senderId: line.fromDemo ? login.profileId : partner.id,
              kind: 'text' as const,
              body: line.text,
              status: 'delivered' as const,
              free: line.fromDemo && login.email === 'free@demo.test',
              clientId: line.fromDemo ? random.token(16) : null,
              createdAt: at(line),
            })),
          )
          .returning({ id: messages.id, senderId: messages.senderId });
        // The demo member read all but the newest message of the other side.
        const theirs = inserted.filter((m) => m.senderId === partner.id);
        const lastRead = theirs.length > 1 ? (theirs[theirs.length - 2]?.id ?? null) : null;
        const ourLast = inserted.filter((m) => m.senderId === login.profileId).at(-1)?.id ?? null;
        await tx.insert(conversationSides).values([
          {
            conversationId: conversation.id,
            profileId: login.profileId,
            unread: 1,
            lastReadMessageId: lastRead,
            lastMessageAt: at(last),
          },
          // The partner has read the demo member's reply.
          {
            conversationId: conversation.id,
            profileId: partner.id,
            unread: 0,
            lastReadMessageId: ourLast,
            lastMessageAt: at(last),
          },
        ]);
      }
      await tx
        .insert(systemMessages)
        .values({
          publicId: random.token(12),
          accountId: login.accountId,
          key: 'welcome',
          params: { brand: options.brand },
          reference: 'welcome',
          createdAt: new Date(options.now.getTime() - 48 * HOUR),
        })
        .onConflictDoNothing();
    }
  });
}
