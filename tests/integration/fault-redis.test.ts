/**
 * Redis restarts during chat traffic between two API processes (docs/operations.md "Faults";
 * docs/realtime.md "One process, several processes"): sends keep succeeding while it is away
 * (Redis carries news, the database is the record), the polling (chats.php) shows every
 * message meanwhile, and once Redis is back every member's event stream has received every
 * stored event of its account exactly once and in order, those that crossed processes while
 * Redis was away included. Two `npm run serve` processes on a private PostgreSQL cluster and
 * a private Redis (tests/integration/fault-services.ts); runs in the PostgreSQL pass
 * (TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCodeOf,
  faultToolsMissing,
  httpAsk,
  ReconnectingStream,
  sleep,
  streamsAgainstLog,
  twoHosts,
  type TwoHosts,
} from './fault-services.ts';
import { TEST_DATABASE_URL } from './harness.ts';

const missing = TEST_DATABASE_URL ? faultToolsMissing() : null;
if (missing) console.warn(`fault-redis: skipped (${missing})`);

const MEMBERS = 10;
const SENDS_EACH = 20;
/** Redis goes away once this many sends were acknowledged, for REDIS_DOWN_MS. */
const RESTART_AFTER = 60;
const REDIS_DOWN_MS = 2_000;

describe.skipIf(!TEST_DATABASE_URL || missing)('Redis restarted during chat traffic (needs TEST_DATABASE_URL)', () => {
  let hosts: TwoHosts;

  beforeAll(async () => {
    hosts = await twoHosts(MEMBERS, 500);
  }, 120_000);

  afterAll(async () => {
    // Undefined when beforeAll failed (it stopped what it had started).
    await (hosts as TwoHosts | undefined)?.stop();
  });

  it('keeps sending, the polling shows every message, and realtime catches up once Redis is back', async () => {
    const { database, redis, members, processes } = hosts;
    // Members 0–4 on process A, 5–9 on B; each writes to a partner on the other process.
    const portOf = (i: number) => processes[i < MEMBERS / 2 ? 0 : 1].port;
    const partnerOf = (i: number) => (i + MEMBERS / 2) % MEMBERS;
    const conversations: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const answer = await httpAsk(portOf(i), `/api/chat.php?profile=${members[partnerOf(i)]!.publicId}`, {
        session: members[i]!.session,
      });
      conversations.push((JSON.parse(answer.body) as { id: string }).id);
    }
    const streams = members.map((member, i) => new ReconnectingStream(member.session, () => portOf(i)));
    await Promise.all(streams.map((stream) => stream.open()));
    const cursors = streams.map((stream) => Number(stream.lastId));

    let acknowledged = 0;
    /** The restart under way (set by the client that saw the RESTART_AFTER-th answer). */
    const outage: { restart?: Promise<void> } = {};
    const failures: string[] = [];
    const client = async (i: number) => {
      for (let n = 0; n < SENDS_EACH; n += 1) {
        const answer = await httpAsk(portOf(i), '/api/chat.php', {
          method: 'POST',
          session: members[i]!.session,
          json: {
            conversation: conversations[i],
            client_id: `redis-${i}-${n}-${randomBytes(3).toString('hex')}`,
            text: `Hi ${n}`,
          },
        });
        if (answer.status === 200) acknowledged += 1;
        else failures.push(`${answer.status} ${errorCodeOf(answer)}`);
        if (acknowledged >= RESTART_AFTER && !outage.restart) outage.restart = redis.restart(REDIS_DOWN_MS);
        // Traffic spread over the outage (about 4 s in all), as members type.
        await sleep(200);
      }
    };
    await Promise.all(members.map((_, i) => client(i)));
    expect(outage.restart).toBeDefined();
    await outage.restart;
    // Sends never depended on Redis.
    expect(failures).toEqual([]);
    expect(acknowledged).toBe(MEMBERS * SENDS_EACH);

    // After Redis is back: one more message each way, live.
    for (let i = 0; i < MEMBERS; i += 1) {
      const answer = await httpAsk(portOf(i), '/api/chat.php', {
        method: 'POST',
        session: members[i]!.session,
        json: {
          conversation: conversations[i],
          client_id: `redis-after-${i}-${randomBytes(3).toString('hex')}`,
          text: 'Back',
        },
      });
      expect(answer.status).toBe(200);
    }

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // The polling: each member's chat list shows the newest message of the conversation.
      for (let i = 0; i < MEMBERS; i += 1) {
        const newest = await admin.query<{ public_id: string }>(
          'select m.public_id from messages m join conversations c on c.id = m.conversation_id where c.public_id = $1 order by m.id desc limit 1',
          [conversations[i]],
        );
        const chats = await httpAsk(portOf(i), '/api/chats.php', { session: members[i]!.session });
        expect(chats.status).toBe(200);
        expect(chats.body).toContain(newest.rows[0]?.public_id);
      }

      const { received, logged } = await streamsAgainstLog(admin, members, streams, cursors);
      expect(received).toEqual(logged);
      expect(streams.flatMap((s) => s.events).some((e) => e.event === 'resync')).toBe(false);
      // The processes noticed: each logged losing Redis.
      for (const api of processes) {
        expect(api.lines.some((line) => /redis/i.test(String(line['msg'])) && line['level'] !== 'info')).toBe(true);
      }
    } finally {
      await admin.end();
      for (const stream of streams) stream.close();
    }
  }, 120_000);
});
