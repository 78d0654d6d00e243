/**
 * The member's own data (GDPR art. 15/20, docs/security.md 'Data export'): the ZIP of a
 * member with photos, chats and an order holds all of them, secrets stay out, a second export
 * within 24 hours answers 429 with the time left, and every table holding a member's id is
 * exported or named in docs/security.md with its reason (walked from the Drizzle schema, so a
 * new table fails here until it is one or the other).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDataExport, getDataExportStatus } from '#src/contract/data-export.ts';
import * as schema from '#src/server/db/schema.ts';
import { EXPORTED_TABLES } from '#src/server/features/data-export/index.ts';
import {
  FIXED_NOW,
  call,
  createTestApp,
  createTestMember,
  errorAnswerOf,
  seedSiteData,
  send,
  writeTestPhotoFiles,
  type TestApp,
} from './harness.ts';
import { buy } from './billing-helpers.ts';
import { chatMember, sendChat, startChat } from './chat-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

/** The entries of a ZIP archive (stored or deflated), by name. */
function unzip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

const jsonOf = (files: Map<string, Buffer>, name: string): unknown => JSON.parse(files.get(name)?.toString() ?? 'null');

describe('every table holding a member id is exported or explained', () => {
  it('walks the schema: each table with an account or profile id is in the export or in docs/security.md', () => {
    const memberTables = new Set(['accounts', 'profiles']);
    const holding: string[] = [];
    for (const value of Object.values(schema)) {
      if (!(value instanceof PgTable)) continue;
      const config = getTableConfig(value);
      const refersToMember = config.foreignKeys.some((fk) =>
        memberTables.has(getTableConfig(fk.reference().foreignTable).name),
      );
      if (refersToMember || memberTables.has(config.name)) holding.push(config.name);
    }
    expect(holding.length).toBeGreaterThan(25);
    const docs = readFileSync(join(import.meta.dirname, '../../docs/security.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Data export'));
    const explained = new Set([...section.matchAll(/^\| `([a-z_]+)` +\| +\S/gm)].map((m) => m[1] ?? ''));
    const exported = new Set<string>(EXPORTED_TABLES);
    const neither = holding.filter((name) => !exported.has(name) && !explained.has(name));
    expect(neither, 'tables holding a member id, neither exported nor explained in docs/security.md').toEqual([]);
    // Nothing is both, and nothing listed is gone from the schema.
    expect([...explained].filter((name) => exported.has(name))).toEqual([]);
    expect([...exported, ...explained].filter((name) => name && !holding.includes(name))).toEqual([]);
  });
});

describe('GET /api/data-export.php', () => {
  it('a member with photos, chats and an order gets all of it in one ZIP; a second export within 24 hours answers 429', async () => {
    const photoKey = await writeTestPhotoFiles(t);
    const created = await createTestMember(t, {
      gender: 'male',
      seeking: 'female',
      photos: [{ key: photoKey, status: 'active' }],
    });
    const me = { ...created, session: await t.login(created.accountId), host: 'default.localhost' };
    const other = await chatMember(t, { gender: 'female', credits: 100, paid: true });
    const conversation = await startChat(t, other, me.publicId);
    await sendChat(t, other, conversation, 'Hello from the other side');
    const paymentId = await buy(t, me, { package: 'p1', method: 'ideal' });
    await sendChat(t, me, conversation, 'Hi back, nice to meet you');

    const status = await call(t, getDataExportStatus, { session: me.session });
    expect(status).toMatchObject({ available: true, wait_seconds: 0, last_export_at: null });

    const response = await send(t, getDataExport, { session: me.session });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="flirtmoment-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = unzip(Buffer.from(await response.arrayBuffer()));

    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'profile.json',
        'photos.json',
        'likes.json',
        'blocks.json',
        'conversations.json',
        'orders.json',
        'ledger.json',
        'notifications.json',
        'consents.json',
        'logins.json',
        'other.json',
      ]),
    );
    const account = jsonOf(files, 'account.json') as { account: Record<string, unknown> };
    expect(account.account).toMatchObject({ id: me.accountId, paidUser: true });
    expect(account.account).not.toHaveProperty('passwordHash');

    // The photo's stored file, byte for byte.
    const photos = jsonOf(files, 'photos.json') as { file: string; status: string }[];
    expect(photos).toHaveLength(1);
    expect(files.get(photos[0]?.file ?? '')?.toString()).toBe(`${photoKey}:full`);

    const chats = jsonOf(files, 'conversations.json') as {
      conversations: { with: { profile: string }; messages: { body: string; from: unknown }[] }[];
    };
    expect(chats.conversations).toHaveLength(1);
    expect(chats.conversations[0]?.with.profile).toBe(other.publicId);
    expect(chats.conversations[0]?.messages.map((m) => m.body)).toEqual(
      expect.arrayContaining(['Hello from the other side', 'Hi back, nice to meet you']),
    );

    const orders = jsonOf(files, 'orders.json') as {
      orders: { publicId: string; status: string; history: unknown[] }[];
    };
    expect(orders.orders).toEqual([expect.objectContaining({ publicId: paymentId, status: 'completed' })]);
    expect(orders.orders[0]?.history.length).toBeGreaterThan(1);
    const ledger = jsonOf(files, 'ledger.json') as { reference: string; reason: string }[];
    expect(ledger).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'purchase', reference: paymentId })]),
    );
    const logins = jsonOf(files, 'logins.json') as Record<string, unknown>[];
    expect(logins.length).toBeGreaterThan(0);
    expect(logins[0]).not.toHaveProperty('tokenHash');

    // Logged, and limited: the second export within 24 hours answers 429 with the time left.
    // The log row gets its counts once the last byte went out.
    const logged = async () =>
      (await t.db.select().from(schema.dataExports).where(eq(schema.dataExports.accountId, me.accountId)))[0];
    await expect.poll(async () => (await logged())?.files).toBe(files.size);
    expect((await logged())?.bytes).toBeGreaterThan(0);
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000 + 30 * 60_000);
    try {
      const again = await send(t, getDataExport, { session: me.session });
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe(String(22 * 3600 + 30 * 60));
      expect(await errorAnswerOf(again)).toMatchObject({
        error: {
          code: 'export_too_soon',
          message: 'You can download your data once a day. Try again in 22 h 30 min.',
        },
      });
      expect(await call(t, getDataExportStatus, { session: me.session })).toMatchObject({
        available: false,
        wait_seconds: 22 * 3600 + 30 * 60,
      });
      // A day after the first, the member may export again.
      t.clock.now = new Date(t.clock.now.getTime() + 22 * 3600_000 + 30 * 60_000);
      const me2 = await t.login(me.accountId);
      const third = await send(t, getDataExport, { session: me2 });
      expect(third.status).toBe(200);
      expect(unzip(Buffer.from(await third.arrayBuffer())).size).toBe(files.size);
    } finally {
      t.clock.now = new Date(FIXED_NOW);
    }
  });

  it('parallel exports: exactly one ZIP, the others 429', async () => {
    const created = await createTestMember(t);
    const session = await t.login(created.accountId);
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(t, getDataExport, { session })));
    const statuses = answers.map((a) => a.status).sort();
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    expect(statuses).toEqual([200, 429, 429, 429]);
  });
});
