/**
 * The chat pals' answer times (docs/staff.md "Dashboards"): per UTC day and chat pal's site,
 * the answers the chat pals gave that day and how long each member had waited for it, from
 * the member's first message since the chat pal last wrote in that conversation to the chat
 * pal's next message. A chat pal's message right after its own is no answer; a member's
 * message still held (address not confirmed, so no operator saw it) is no question. Waits
 * are counted in the buckets of ANSWER_TIME_BOUNDS_S; a day's rows are rebuilt as a whole
 * inside the daily roll-up's transaction, so running it again gives the same rows.
 */
import { sql } from 'drizzle-orm';
import { ANSWER_TIME_BOUNDS_S } from '#src/contract/staff-dashboards.ts';
import type { Tx } from '#src/server/db/client.ts';
import { dailyAnswerTimes } from '#src/server/db/schema.ts';

interface WaitCount extends Record<string, unknown> {
  site_id: string;
  bucket: number;
  answers: number;
}

/** Rebuilds the answer times of the day starting at `start`. */
export async function rollUpAnswerTimes(tx: Tx, day: string, start: Date, end: Date, now: Date): Promise<void> {
  const bounds = sql.raw(`array[${ANSWER_TIME_BOUNDS_S.join(', ')}]::double precision[]`);
  const result = await tx.execute<WaitCount>(sql`
    select site_id, width_bucket(extract(epoch from answered_at - asked_at), ${bounds})::int as bucket,
      count(*)::int as answers
    from (
      select pal.site_id, m.created_at as answered_at,
        (select min(w.created_at) from messages w
          where w.conversation_id = m.conversation_id and w.id < m.id and w.sender_id <> m.sender_id
            and w.status = 'delivered'
            and w.id > coalesce((select max(x.id) from messages x
              where x.conversation_id = m.conversation_id and x.id < m.id and x.sender_id = m.sender_id), 0)
        ) as asked_at
      from messages m join profiles pal on pal.id = m.sender_id
      where m.created_at >= ${start} and m.created_at < ${end} and pal.type = 'fictional'
    ) waits
    where asked_at is not null
    group by 1, 2`);
  const bySite = new Map<string, number[]>();
  const { rows } = result as { rows: WaitCount[] };
  for (const row of rows) {
    const buckets = bySite.get(row.site_id) ?? Array.from({ length: ANSWER_TIME_BOUNDS_S.length + 1 }, () => 0);
    buckets[row.bucket] = (buckets[row.bucket] ?? 0) + row.answers;
    bySite.set(row.site_id, buckets);
  }
  await tx.execute(sql`delete from daily_answer_times where day = ${day}::date`);
  if (bySite.size === 0) return;
  await tx.insert(dailyAnswerTimes).values(
    [...bySite].map(([siteId, buckets]) => ({
      day,
      siteId,
      answers: buckets.reduce((a, b) => a + b, 0),
      buckets,
      computedAt: now,
    })),
  );
}
