/**
 * The funnel's roll-up (docs/staff.md "Marketing funnel"): per UTC day, site, locale, lander,
 * variant, network and sub-id, the landers' visits (their daily counters), the signups and
 * activations of the members who came that way and their first purchases and paid orders
 * (revenue per currency), all attributed through the traffic source stored at signup. The
 * hourly job recomputes today and yesterday; a day is rebuilt in one transaction, so running
 * it twice gives the same rows.
 */
import { sql } from 'drizzle-orm';
import { EXPERIMENT_LANDERS } from '#src/landers/experiments.ts';
import type { Db } from '#src/server/db/client.ts';

const DAY_MS = 86_400_000;

/** Orders that were paid (refunds and chargebacks came later; they were revenue that day). */
const PAID = sql.raw(`('completed', 'refunded', 'charged_back')`);

/**
 * The marketing lander of a bounced page's path (`/landers/gallery/spring` → gallery): only
 * those pages carry the visit counter, so only their bounces stand next to visits. The bounce
 * counters know no sub-id (the landing script takes it out of the address before the beacon
 * leaves): their rows have sub1 ''.
 */
const BOUNCED_LANDER = sql.raw(`substring(b.path from '^/landers/([a-z]+)(?:/|$)')`);
const MARKETING_LANDERS = sql.raw(`(${EXPERIMENT_LANDERS.map((lander) => `'${lander}'`).join(', ')})`);

/** Rebuilds one day's rows. */
export async function rollUpFunnelDay(db: Db, day: string, now: Date): Promise<void> {
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start.getTime() + DAY_MS);
  // A member's way in: the lander, variant, network and sub-id of their traffic source.
  const way = sql.raw(`coalesce(t.lander, ''), coalesce(t.variant, ''), coalesce(t.network, ''), coalesce(t.sub1, '')`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from daily_funnel where day = ${day}::date`);
    await tx.execute(sql`
      insert into daily_funnel (day, site_id, locale, lander, variant, network, sub1, currency, visits, bounces,
        signups, activations, first_purchases, revenue_minor, computed_at)
      select ${day}::date, site_id, locale, lander, variant, network, sub1, currency, sum(visits), sum(bounces),
        sum(signups), sum(activations), sum(first_purchases), sum(revenue_minor), ${now}
      from (
        select v.site_id, v.locale, v.lander, v.variant, v.network, v.sub1, '' as currency, v.count as visits,
          0 as bounces, 0 as signups, 0 as activations, 0 as first_purchases, 0::bigint as revenue_minor
        from lander_visits v
        where v.day = ${day}::date
        union all
        select b.site_id, b.locale, ${BOUNCED_LANDER}, b.variant, b.network, '', '', 0, b.count, 0, 0, 0, 0
        from page_bounces b
        where b.day = ${day}::date and ${BOUNCED_LANDER} in ${MARKETING_LANDERS}
        union all
        select a.site_id, a.language, ${way}, '', 0, 0, 1, 0, 0, 0
        from accounts a left join traffic_sources t on t.account_id = a.id
        where a.signup_date >= ${start} and a.signup_date < ${end}
        union all
        select a.site_id, a.language, ${way}, '', 0, 0, 0, 1, 0, 0
        from accounts a left join traffic_sources t on t.account_id = a.id
        where a.confirmed_at >= ${start} and a.confirmed_at < ${end}
        union all
        select a.site_id, a.language, ${way}, o.currency, 0, 0, 0, 0,
          case when exists (
            select 1 from orders e where e.account_id = o.account_id and e.status in ${PAID}
              and (e.completed_at < o.completed_at or (e.completed_at = o.completed_at and e.id < o.id))
          ) then 0 else 1 end,
          o.amount_minor
        from orders o join accounts a on a.id = o.account_id left join traffic_sources t on t.account_id = a.id
        where o.completed_at >= ${start} and o.completed_at < ${end} and o.status in ${PAID}
      ) facts
      group by site_id, locale, lander, variant, network, sub1, currency`);
  });
}

/** The UTC day (YYYY-MM-DD) of a moment. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The hourly step (and the funnel's 'roll up now'): yesterday and today so far. */
export async function rollUpFunnel(db: Db, now: Date): Promise<number> {
  await rollUpFunnelDay(db, utcDay(new Date(now.getTime() - DAY_MS)), now);
  await rollUpFunnelDay(db, utcDay(now), now);
  return 2;
}
