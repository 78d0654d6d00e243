/**
 * The chat benchmark (`runChatBench`, rows for scripts/bench.ts's table): sending a message
 * (POST /api/chat.php: the account lock, the debit and its ledger row, the message, both
 * sides and the events of both accounts in one transaction) and reading the list and a
 * conversation, in-process on the bench's app and database.
 *
 * Two premium members of the default site are made for it (with enough credits for every
 * send, through the ledger); the sender writes REQUESTS messages to the other one after a
 * warm-up, each with a new client_id, so every request is a real, charged send.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts } from '#src/server/db/schema.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import { createSession } from '#src/server/features/accounts/index.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { createMember } from '#src/server/seed/index.ts';

export interface ChatBenchOptions {
  /** Measured requests per call (default 1,000). */
  requests?: number;
  /** Unmeasured requests first (default 50). */
  warmup?: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function benchMember(db: Db, name: string, gender: 'male' | 'female', credits: number) {
  const now = new Date();
  const member = await createMember(db, {
    siteId: 'default',
    email: `bench-chat-${name}-${randomBytes(4).toString('hex')}@bench.test`,
    name,
    gender,
    seeking: gender === 'male' ? 'female' : 'male',
    birthdate: '1975-05-05',
    country: 'NL',
    city: 'Amsterdam',
    now,
  });
  await db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, member.accountId));
  if (credits > 0) {
    await db.transaction((tx) =>
      applyCredits(tx, {
        accountId: member.accountId,
        delta: credits,
        reason: 'correction',
        reference: `bench-chat:${member.accountId}`,
        now,
      }),
    );
  }
  return { ...member, cookie: `${AUTH_COOKIE_NAME}=${await createSession(db, member.accountId, now)}` };
}

/** Rows of [group, what, p50, p95, p99, rate] for the bench table. */
export async function runChatBench(app: Hono<AppEnv>, db: Db, options: ChatBenchOptions = {}): Promise<string[][]> {
  const requests = options.requests ?? 1_000;
  const warmup = options.warmup ?? 50;
  // Enough for every send at any site's message price.
  const sender = await benchMember(db, 'BenchSender', 'male', (requests + warmup) * 100);
  const recipient = await benchMember(db, 'BenchRecipient', 'female', 0);
  const headers = (cookie: string) => ({ host: 'default.localhost', cookie });

  const start = await app.request(`/api/chat.php?profile=${recipient.publicId}`, { headers: headers(sender.cookie) });
  if (!start.ok) throw new Error(`bench-chat: starting the conversation answered ${start.status}`);
  const { id: conversation } = (await start.json()) as { id: string };

  const measure = async (name: string, run: (i: number) => Response | Promise<Response>): Promise<string[]> => {
    for (let i = 0; i < warmup; i++) await (await run(i)).arrayBuffer();
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const response = await run(warmup + i);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`bench-chat: ${name} answered ${response.status}`);
      times.push(performance.now() - t0);
    }
    const total = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(2)} ms`;
    return [
      'chat',
      name,
      ms(percentile(times, 50)),
      ms(percentile(times, 95)),
      ms(percentile(times, 99)),
      `${Math.round(requests / total)} req/s`,
    ];
  };

  const rows: string[][] = [];
  rows.push(
    await measure('POST /api/chat.php (send a text: debit, ledger, message, events)', (i) =>
      app.request('/api/chat.php', {
        method: 'POST',
        headers: { ...headers(sender.cookie), 'content-type': 'application/json' },
        body: JSON.stringify({
          conversation,
          client_id: `bench-${i}-${randomBytes(4).toString('hex')}`,
          text: `Hello ${i}`,
        }),
      }),
    ),
  );
  rows.push(
    await measure('GET /api/chats.php (the list)', () =>
      app.request('/api/chats.php', { headers: headers(recipient.cookie) }),
    ),
  );
  rows.push(
    await measure('GET /api/chat.php?id= (newest page of 50, marks read)', () =>
      app.request(`/api/chat.php?id=${conversation}`, { headers: headers(recipient.cookie) }),
    ),
  );
  return rows;
}
