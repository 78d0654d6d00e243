/**
 * The hourly job (src/server/jobs/hourly.ts): expired sessions, spent tokens and old outbox
 * mails are deleted while live ones stay, and a failing task is logged by name without
 * stopping the others.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_MAX_AGE_S } from '#src/lib/constants.ts';
import { accountTokens, sessions } from '#src/server/db/schema.ts';
import { consumeToken, issueToken } from '#src/server/features/accounts/tokens.ts';
import { SESSION_IDLE_DAYS, createSession } from '#src/server/features/accounts/sessions.ts';
import { HOURLY_TASKS, runHourlyTasks } from '#src/server/jobs/hourly.ts';
import { OUTBOX_RETENTION_DAYS } from '#src/server/jobs/cleanup.ts';
import { outboxDir } from '#src/server/providers/mail/index.ts';
import { smsOutboxDir } from '#src/server/providers/sms/index.ts';
import { FIXED_NOW, createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(() => t.close());

describe('the hourly job', () => {
  it('deletes expired sessions and keeps live ones', async () => {
    const { accountId } = await createTestMember(t);
    const old = new Date(FIXED_NOW.getTime() - AUTH_COOKIE_MAX_AGE_S * 1000 - DAY);
    await createSession(t.db, accountId, old);
    const live = await t.login(accountId);
    await runHourlyTasks(t.deps);
    const left = await t.db.select().from(sessions).where(eq(sessions.accountId, accountId));
    expect(left).toHaveLength(1);
    // The live session still opens the member's pages.
    expect((await t.request('/api/user.php', { session: live })).status).toBe(200);
  });

  it('deletes sessions left unused longer than the idle timeout', async () => {
    const { accountId } = await createTestMember(t);
    const idle = await createSession(t.db, accountId, new Date(FIXED_NOW.getTime() - (SESSION_IDLE_DAYS + 1) * DAY));
    const recent = await createSession(t.db, accountId, new Date(FIXED_NOW.getTime() - (SESSION_IDLE_DAYS - 1) * DAY));
    expect((await t.request('/api/user.php', { session: idle })).status).toBe(403);
    await runHourlyTasks(t.deps);
    expect(await t.db.select().from(sessions).where(eq(sessions.accountId, accountId))).toHaveLength(1);
    expect((await t.request('/api/user.php', { session: recent })).status).toBe(200);
  });

  it('deletes used and expired tokens and keeps the ones that still work', async () => {
    const { accountId } = await createTestMember(t);
    const used = await issueToken(t.db, { accountId, kind: 'password_reset', now: FIXED_NOW });
    expect(await consumeToken(t.db, 'password_reset', used, FIXED_NOW)).not.toBeNull();
    await issueToken(t.db, { accountId, kind: 'password_reset', now: new Date(FIXED_NOW.getTime() - 2 * DAY) });
    const live = await issueToken(t.db, { accountId, kind: 'activation', now: FIXED_NOW });
    await runHourlyTasks(t.deps);
    const left = await t.db.select().from(accountTokens).where(eq(accountTokens.accountId, accountId));
    expect(left.map((row) => row.kind)).toEqual(['activation']);
    expect(await consumeToken(t.db, 'activation', live, FIXED_NOW)).not.toBeNull();
  });

  it('removes outbox mails and text messages older than the retention, keeps newer ones', async () => {
    const sent = await t.mail.send({ to: 'new@example.test', subject: 'Fresh', text: 'hello', siteId: 'default' });
    const mailDir = outboxDir(t.config);
    const smsDir = smsOutboxDir(t.config);
    await mkdir(smsDir, { recursive: true });
    const stale = new Date(FIXED_NOW.getTime() - (OUTBOX_RETENTION_DAYS + 1) * DAY).toISOString().replace(/[-:.]/g, '');
    await writeFile(join(mailDir, `${stale}-000001-aaaaaaaa.json`), '{}');
    await writeFile(join(mailDir, `${stale}-000001-aaaaaaaa.eml`), 'old');
    await writeFile(join(smsDir, `${stale}-000001-bbbbbbbb.json`), '{}');
    await writeFile(join(mailDir, 'notes.txt'), 'not a mail');
    await runHourlyTasks(t.deps);
    expect((await readdir(mailDir)).sort()).toEqual([`${sent.id}.eml`, `${sent.id}.json`, 'notes.txt']);
    expect(await readdir(smsDir)).toEqual([]);
    expect((await t.mail.list()).map((m) => m.subject)).toEqual(['Fresh']);
  });

  it('logs a failing task by name and still runs the others', async () => {
    const lines: string[] = [];
    const ran: string[] = [];
    const outcomes = await runHourlyTasks(
      t.deps,
      [
        {
          name: 'broken',
          run: () => Promise.reject(new Error('disk full')),
        },
        {
          name: 'after',
          run: () => {
            ran.push('after');
            return Promise.resolve();
          },
        },
      ],
      (line) => lines.push(line),
    );
    expect(outcomes).toEqual([
      { name: 'broken', ok: false },
      { name: 'after', ok: true },
    ]);
    expect(ran).toEqual(['after']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[hourly\] broken failed: Error: disk full/);
  });

  it('names every task once', () => {
    const names = HOURLY_TASKS.map((task) => task.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['purge-deleted-accounts', 'prune-sessions', 'prune-tokens', 'prune-outbox']),
    );
  });
});
