/** The demo world's conversations: the demo logins open a chat list that is not empty. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChatMessages, getChats } from '#src/contract/chat.ts';
import { sites } from '#sites-config';
import { accounts } from '#src/server/db/schema.ts';
import { seed } from '#src/server/seed/index.ts';
import { call, createTestApp, FIXED_NOW, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.database, t.config, {
    membersPerSite: 60,
    photoPoolSize: 4,
    seed: 'chat-demo',
    now: FIXED_NOW,
    sites: sites.filter((s) => s.id === 'default'),
  });
});
afterAll(async () => {
  await t.close();
});

async function sessionOf(email: string): Promise<string> {
  const [row] = await t.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.siteId, 'default'), eq(accounts.email, email)));
  if (!row) throw new Error(`no ${email}`);
  return t.login(row.id);
}

describe('demo conversations', () => {
  it.each(['free@demo.test', 'premium@demo.test'])(
    '%s has two conversations and the welcome message',
    async (email) => {
      const session = await sessionOf(email);
      const list = await call(t, getChats, { session });
      expect(list.chats.map((c) => c.system)).toEqual([false, false, true]);
      expect(list.chats[0]?.profile?.type).toBe('fictional');
      expect(list.chats[1]?.profile?.type).toBe('member');
      expect(list.total_unread).toBe(3);
      expect(list.chats[2]?.last_message?.system).toEqual({ key: 'welcome', params: { brand: 'Flirtmoment' } });
      const page = await call(t, getChatMessages, { session, query: { id: list.chats[0]!.id } });
      expect(page.messages.map((m) => m.from)).toEqual(['them', 'me', 'them']);
      expect(page.messages[1]?.read).toBe(true);
    },
  );
});
