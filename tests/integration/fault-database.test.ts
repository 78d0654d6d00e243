/**
 * PostgreSQL goes away for about 10 s under an API process (docs/operations.md "Faults"):
 * every API call answers 503 `unavailable` with `Retry-After` (never 500, never a wait past
 * 5 s), /readyz fails while /healthz stays alive (no restart of every process), and once the
 * database is back everything answers again without a restart. Runs in the PostgreSQL pass
 * (TEST_DATABASE_URL) on a private cluster of its own (tests/integration/fault-services.ts):
 * the shared server of this machine is never stopped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiProcess,
  errorCodeOf,
  httpAsk,
  faultToolsMissing,
  privatePostgres,
  seedFaultMembers,
  sleep,
  type ApiProcess,
  type FaultMember,
  type PrivatePostgres,
} from './fault-services.ts';
import { TEST_DATABASE_URL } from './harness.ts';

const missing = TEST_DATABASE_URL ? faultToolsMissing() : null;
if (missing) console.warn(`fault-database: skipped (${missing})`);

/** No answer within this long counts as a hang (docs/operations.md "Faults": 5 s). */
const HANG_MS = 5_000;

interface Answer {
  status: number;
  retryAfter: string | null;
  code: string | null;
}

describe.skipIf(!TEST_DATABASE_URL || missing)('PostgreSQL stopped for 10 s (needs TEST_DATABASE_URL)', () => {
  let database: PrivatePostgres;
  let api: ApiProcess;
  /** What beforeAll started, stopped in reverse order. */
  const cleanups: (() => Promise<unknown>)[] = [];
  let dataDir: string;
  let member: FaultMember;
  let other: FaultMember;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'flirt-fault-db-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    database = await privatePostgres();
    cleanups.push(() => database.stop());
    const seeded = await seedFaultMembers(database.url, 2, 100);
    [member, other] = [seeded[0]!, seeded[1]!];
    api = await apiProcess({ DATABASE_URL: database.url }, dataDir);
    cleanups.push(() => api.kill('SIGKILL'));
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  let conversation = '';
  let sent = 0;

  /** One API call as the member's browser makes it; fails when no answer comes within HANG_MS. */
  async function ask(path: string, json?: unknown): Promise<Answer> {
    const answer = await httpAsk(api.port, path, {
      session: member.session,
      timeoutMs: HANG_MS,
      ...(json ? { method: 'POST', json } : {}),
    });
    const retryAfter = answer.headers['retry-after'];
    return {
      status: answer.status,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
      code: errorCodeOf(answer),
    };
  }

  const calls = () => [
    ask('/api/user.php'),
    ask('/api/chats.php'),
    ask('/api/search.php?auto_load=1&source=members&hideNudity=0'),
    ask(`/api/chat.php?profile=${other.publicId}`),
    // A paid send: a write fails as cleanly as a read.
    ask('/api/chat.php', { conversation, client_id: `fault-db-${(sent += 1)}`, text: 'Hello' }),
  ];

  it('answers 503 with Retry-After while it is away, fails /readyz, and recovers by itself', async () => {
    const opened = await httpAsk(api.port, `/api/chat.php?profile=${other.publicId}`, { session: member.session });
    conversation = (JSON.parse(opened.body) as { id: string }).id;
    expect((await Promise.all(calls())).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await ask('/readyz')).status).toBe(200);

    database.halt();
    const during: Answer[] = [];
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      during.push(...(await Promise.all([...calls(), ask('/readyz')])));
      await sleep(250);
    }
    const health = await ask('/healthz');
    database.resume();

    expect(health.status).toBe(200);
    const api503 = during.filter((a) => a.code !== null);
    expect(api503.length).toBeGreaterThan(0);
    for (const answer of api503) {
      expect(answer).toMatchObject({ status: 503, code: 'unavailable' });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // /readyz answers its own shape (no error code): unavailable, not ready.
    expect(during.filter((a) => a.code === null).every((a) => a.status === 503)).toBe(true);

    // Back by itself: no restart, the pool reconnects.
    let back: Answer[] = [];
    for (let i = 0; i < 120; i += 1) {
      back = await Promise.all([...calls(), ask('/readyz')]);
      if (back.every((a) => a.status === 200)) break;
      await sleep(250);
    }
    expect(back.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(api.child.exitCode).toBeNull();
  }, 90_000);
});
