/**
 * The daily aggregates' roll-up (docs/staff.md "Dashboards"): per UTC day, site and member
 * country, the signups, activations, first purchases, purchases and revenue, messages
 * members sent and credits they spent, and (site-wide rows, country '') the photos waiting
 * for moderation; and the chat pals' answer times per site (answer-times.ts). The hourly job
 * recomputes today and yesterday; a day is rebuilt from the raw tables in one transaction, so
 * running it twice gives the same rows (idempotent).
 * The backlog is a snapshot: only today's is taken; earlier days keep theirs.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#src/server/db/client.ts';
import { rollUpAnswerTimes } from './answer-times.ts';

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of a moment. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** What members pay credits for (not refunds, corrections or chargebacks). */
const SPENDING = sql.raw(`('message', 'photo', 'gift', 'icebreaker')`);
/** Orders that were paid (refunds and chargebacks came later; they were revenue that day). */
const PAID = sql.raw(`('completed', 'refunded', 'charged_back')`);

/** Rebuilds one day's rows; `today` takes the moderation backlog's snapshot too. */
export async function rollUpDay(db: Db, day: string, now: Date, today: boolean): Promise<void> {
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start.getTime() + DAY_MS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update daily_stats set signups = 0, activations = 0, first_purchases = 0, purchases = 0, revenue_minor = 0,
        messages_sent = 0, credits_spent = 0, computed_at = ${now},
        moderation_backlog = case when ${today} then 0 else moderation_backlog end
      where day = ${day}::date`);
    await tx.execute(sql`
      insert into daily_stats (day, site_id, country, signups, activations, first_purchases, purchases,
        revenue_minor, currency, messages_sent, credits_spent, moderation_backlog, computed_at)
      select ${day}::date, site_id, country, sum(signups), sum(activations), sum(first_purchases), sum(purchases),
        sum(revenue_minor), max(currency), sum(messages_sent), sum(credits_spent), sum(backlog), ${now}
      from (
        select a.site_id, coalesce(p.country, '') as country, 1 as signups, 0 as activations, 0 as first_purchases,
          0 as purchases, 0::bigint as revenue_minor, '' as currency, 0 as messages_sent, 0 as credits_spent,
          0 as backlog
        from accounts a left join profiles p on p.account_id = a.id
        where a.signup_date >= ${start} and a.signup_date < ${end}
        union all
        select a.site_id, coalesce(p.country, ''), 0, 1, 0, 0, 0, '', 0, 0, 0
        from accounts a left join profiles p on p.account_id = a.id
        where a.confirmed_at >= ${start} and a.confirmed_at < ${end}
        union all
        select o.site_id, o.country, 0, 0,
          case when exists (
            select 1 from orders e where e.account_id = o.account_id and e.status in ${PAID}
              and (e.completed_at < o.completed_at or (e.completed_at = o.completed_at and e.id < o.id))
          ) then 0 else 1 end,
          1, o.amount_minor, o.currency, 0, 0, 0
        from orders o
        where o.completed_at >= ${start} and o.completed_at < ${end} and o.status in ${PAID}
        union all
        select s.site_id, s.country, 0, 0, 0, 0, 0, '', 1, 0, 0
        from messages m join profiles s on s.id = m.sender_id
        where m.created_at >= ${start} and m.created_at < ${end} and s.type = 'member'
        union all
        select a.site_id, coalesce(p.country, ''), 0, 0, 0, 0, 0, '', 0, -l.delta, 0
        from credit_ledger l join accounts a on a.id = l.account_id left join profiles p on p.account_id = a.id
        where l.created_at >= ${start} and l.created_at < ${end} and l.delta < 0 and l.reason in ${SPENDING}
        union all
        select p.site_id, '', 0, 0, 0, 0, 0, '', 0, 0, 1
        from photos ph join profiles p on p.id = ph.profile_id
        where ${today} and ph.status = 'being_inspected'
      ) facts
      group by site_id, country
      on conflict (day, site_id, country) do update set
        signups = excluded.signups, activations = excluded.activations, first_purchases = excluded.first_purchases,
        purchases = excluded.purchases, revenue_minor = excluded.revenue_minor, currency = excluded.currency,
        messages_sent = excluded.messages_sent, credits_spent = excluded.credits_spent,
        moderation_backlog = case when ${today} then excluded.moderation_backlog else daily_stats.moderation_backlog end,
        computed_at = excluded.computed_at`);
    await rollUpAnswerTimes(tx, day, start, end, now);
  });
}

/** The hourly step: yesterday (its last hour may have come in since) and today so far. */
export async function rollUpDailyStats(db: Db, now: Date): Promise<number> {
  const today = utcDay(now);
  await rollUpDay(db, utcDay(new Date(now.getTime() - DAY_MS)), now, false);
  await rollUpDay(db, today, now, true);
  return 2;
}
