/**
 * One of two API processes is killed (SIGKILL) during a burst of paid message sends and
 * purchases from 50 members (docs/operations.md "Faults"). Two `npm run serve` processes,
 * each on its own port as two hosts behind a load balancer, share a private PostgreSQL
 * cluster and Redis (tests/integration/fault-services.ts; the shared servers of this machine
 * are never touched). Each member's client talks to a home process and, as the browser does,
 * sends a message again under the same client_id when the connection fails (the load
 * balancer then sends it to the live process); its event stream reconnects with its
 * Last-Event-ID. Afterwards:
 *
 * - every send the client saw acknowledged exists exactly once (and no client_id twice);
 * - every member's balance is the sum of their ledger;
 * - no order is credited twice, and every payment the payer saw confirmed is credited;
 * - every member's event stream received every stored event of their account after its
 *   first cursor exactly once, in order, those of the killed process's clients included.
 *
 * Runs in the PostgreSQL pass of .ci/run (TEST_DATABASE_URL).
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
  type HttpAnswer,
} from './fault-services.ts';
import { TEST_DATABASE_URL } from './harness.ts';

const missing = TEST_DATABASE_URL ? faultToolsMissing() : null;
if (missing) console.warn(`fault-processes: skipped (${missing})`);

const MEMBERS = 50;
/** Paid sends per member: 1,000 in all (docs/operations.md "Faults"). */
const SENDS_EACH = 20;
/** Purchases per member: 100 in all. */
const PURCHASES_EACH = 2;
/** The kill comes once this many sends were acknowledged: in the middle of the burst. */
const KILL_AFTER = 300;

/** A connection error: no answer came (the process died, or refused the connection). */
function connectionLost(error: unknown): boolean {
  return error instanceof Error && /ECONNREFUSED|ECONNRESET|socket hang up|EPIPE|no answer in time/.test(error.message);
}

describe.skipIf(!TEST_DATABASE_URL || missing)('an API process killed during a burst (needs TEST_DATABASE_URL)', () => {
  let hosts: TwoHosts;

  beforeAll(async () => {
    hosts = await twoHosts(MEMBERS, 500);
  }, 120_000);

  afterAll(async () => {
    // Undefined when beforeAll failed (it stopped what it had started).
    await (hosts as TwoHosts | undefined)?.stop();
  });

  it('loses no acknowledged send, credits nothing twice, and every stream catches up', async () => {
    const { database, members, processes } = hosts;
    const [a, b] = processes;
    let killed = false;
    // Members 0–24 start on process A, 25–49 on B; partners sit on the other process.
    const home = members.map((_, i) => (i < MEMBERS / 2 ? a : b));
    /** The load balancer: a process that is gone gets no new connections. */
    const portOf = (i: number) => (killed ? b : (home[i] ?? b)).port;
    const partnerOf = (i: number) => (i + MEMBERS / 2) % MEMBERS;

    const conversations: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const member = members[i]!;
      const partner = members[partnerOf(i)]!;
      const answer = await httpAsk(portOf(i), `/api/chat.php?profile=${partner.publicId}`, { session: member.session });
      expect(answer.status).toBe(200);
      conversations.push((JSON.parse(answer.body) as { id: string }).id);
    }
    const streams = members.map((member, i) => new ReconnectingStream(member.session, () => portOf(i)));
    await Promise.all(streams.map((stream) => stream.open()));
    const cursors = streams.map((stream) => Number(stream.lastId));

    /** One call with the client's retries: a lost connection or a 503 is asked again (same body). */
    async function withRetries(i: number, path: string, init: { json?: unknown; form?: string }): Promise<HttpAnswer> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const answer = await httpAsk(portOf(i), path, {
            method: 'POST',
            session: members[i]!.session,
            ...(init.json ? { json: init.json } : {}),
            ...(init.form ? { form: init.form } : {}),
          });
          if (answer.status !== 503 || attempt > 5) return answer;
        } catch (error) {
          if (!connectionLost(error) || attempt > 5) throw error;
        }
        await sleep(100 * attempt);
      }
    }

    const acknowledged: string[] = [];
    const attempted: string[] = [];
    const paid: string[] = [];
    const other: string[] = [];
    const client = async (i: number) => {
      for (let n = 0; n < SENDS_EACH; n += 1) {
        const clientId = `fault-${i}-${n}-${randomBytes(3).toString('hex')}`;
        attempted.push(clientId);
        const answer = await withRetries(i, '/api/chat.php', {
          json: { conversation: conversations[i], client_id: clientId, text: `Message ${n} from ${i}` },
        });
        if (answer.status === 200) acknowledged.push(clientId);
        else other.push(`send ${answer.status} ${errorCodeOf(answer)}`);
        if (acknowledged.length >= KILL_AFTER && !killed) {
          killed = true;
          process.kill(a.child.pid!, 'SIGKILL');
        }
        if ((n + 1) % (SENDS_EACH / PURCHASES_EACH) === 0) {
          const order = await withRetries(i, '/api/order.php', { json: { package: 'p0', method: 'visa' } });
          if (order.status !== 200) {
            other.push(`order ${order.status} ${errorCodeOf(order)}`);
            continue;
          }
          const { order: made, redirect_url: redirectUrl } = JSON.parse(order.body) as {
            order: { payment_id: string };
            redirect_url: string;
          };
          // The payer presses 'complete' on the sandbox's page; pressed again when it failed.
          const pay = await withRetries(i, new URL(redirectUrl).pathname, {
            form: 'action=complete&delivery=normal&card=4242424242424242',
          });
          if (pay.status === 303) paid.push(made.payment_id);
          else other.push(`pay ${pay.status}`);
        }
      }
    };
    await Promise.all(members.map((_, i) => client(i)));
    expect(killed).toBe(true);
    const errors = processes.flatMap((api) => api.lines.filter((line) => line['level'] === 'error'));
    expect(errors).toEqual([]);
    expect(other).toEqual([]);
    expect(acknowledged).toHaveLength(MEMBERS * SENDS_EACH);
    expect(paid).toHaveLength(MEMBERS * PURCHASES_EACH);

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // Every acknowledged send exists exactly once; no client_id was stored twice.
      const sent = await admin.query<{ client_id: string; n: string }>(
        'select client_id, count(*) as n from messages where client_id like $1 group by client_id',
        ['fault-%'],
      );
      const stored = new Map(sent.rows.map((row) => [row.client_id, Number(row.n)]));
      expect(acknowledged.filter((id) => stored.get(id) !== 1)).toEqual([]);
      expect([...stored.values()].every((n) => n === 1)).toBe(true);
      expect([...stored.keys()].every((id) => attempted.includes(id))).toBe(true);

      // The ledger accounts for every credit.
      const balances = await admin.query<{ id: number; credits: number; ledger: string | null }>(
        'select a.id, a.credits, (select sum(delta) from credit_ledger l where l.account_id = a.id) as ledger from accounts a where a.id = any($1)',
        [members.map((m) => m.accountId)],
      );
      expect(balances.rows).toHaveLength(MEMBERS);
      expect(balances.rows.filter((row) => Number(row.ledger) !== row.credits)).toEqual([]);

      // No order credited twice; every confirmed payment credited once.
      const credited = await admin.query<{ reference: string; n: string }>(
        "select reference, count(*) as n from credit_ledger where reason = 'purchase' group by reference",
      );
      const purchases = new Map(credited.rows.map((row) => [row.reference, Number(row.n)]));
      expect([...purchases.values()].every((n) => n === 1)).toBe(true);
      expect(paid.filter((id) => purchases.get(id) !== 1)).toEqual([]);

      // Every stream has caught up with its account's log: each stored event once, in order.
      const { received, logged } = await streamsAgainstLog(admin, members, streams, cursors);
      expect(received).toEqual(logged);
      expect(streams.flatMap((s) => s.events).some((e) => e.event === 'resync')).toBe(false);
      // The killed process's clients did reconnect (to the live one).
      expect(streams.slice(0, MEMBERS / 2).every((stream) => stream.connects >= 2)).toBe(true);
    } finally {
      await admin.end();
      for (const stream of streams) stream.close();
    }
  }, 120_000);
});
