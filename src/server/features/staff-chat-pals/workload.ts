/**
 * Each operator's workload and the answer times (docs/staff.md "Chat pals"). Every figure is
 * read by an index, never by scanning the messages:
 * - waiting: the chat pal sides with unread messages of the operator's chat pals
 *   (`chat_pal_operators_staff`, then `conversation_sides_list` by profile);
 * - claimed: the operator's live claims (`operator_claims_operator`);
 * - answer times: percentiles of `chat_pal_answers.wait_ms` over a time range
 *   (`chat_pal_answers_answered`), one row written per answer when it is sent.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { ANSWER_TIMES_MAX_DAYS } from '#src/contract/staff-chat-pals.ts';
import type { Db } from '#src/server/db/client.ts';
import {
  chatPalAnswers,
  chatPalOperators,
  conversationSides,
  operatorClaims,
  profiles,
  staffAccounts,
} from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';

const DAY_MS = 86_400_000;

interface AnswerTimes {
  answers: number;
  median_seconds: number | null;
  p95_seconds: number | null;
}

/** The start of `from` and the end of `to` (UTC days, inclusive); 400 for a reversed or too long range. */
export function rangeOf(from: string, to: string): { start: Date; end: Date } {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
  if (Number.isNaN(start.getTime())) throw fail('invalid_input', { field: 'from' });
  if (Number.isNaN(end.getTime()) || end <= start || end.getTime() - start.getTime() > ANSWER_TIMES_MAX_DAYS * DAY_MS) {
    throw fail('invalid_input', { field: 'to' });
  }
  return { start, end };
}

const percentiles = {
  answers: sql<number>`count(*)::int`,
  median: sql<number | string | null>`percentile_cont(0.5) within group (order by ${chatPalAnswers.waitMs})`,
  p95: sql<number | string | null>`percentile_cont(0.95) within group (order by ${chatPalAnswers.waitMs})`,
};

function seconds(ms: number | string | null): number | null {
  return ms === null ? null : Math.round(Number(ms) / 100) / 10;
}

function timesOf(
  row: { answers: number; median: number | string | null; p95: number | string | null } | undefined,
): AnswerTimes {
  return {
    answers: row?.answers ?? 0,
    median_seconds: seconds(row?.median ?? null),
    p95_seconds: seconds(row?.p95 ?? null),
  };
}

export async function loadWorkload(db: Db, now: Date, range: { start: Date; end: Date }) {
  const inRange: SQL = and(
    gte(chatPalAnswers.answeredAt, range.start),
    lt(chatPalAnswers.answeredAt, range.end),
  ) as SQL;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const operators = await db
    .select({
      id: staffAccounts.id,
      name: staffAccounts.name,
      email: staffAccounts.email,
      chatPals: sql<number>`(select count(*)::int from ${chatPalOperators} cpo where cpo.staff_id = ${staffAccounts.id})`,
      waiting: sql<number>`(select count(*)::int from ${chatPalOperators} cpo join ${conversationSides} cs on cs.profile_id = cpo.chat_pal_id and cs.unread > 0 where cpo.staff_id = ${staffAccounts.id})`,
      claimed: sql<number>`(select count(*)::int from ${operatorClaims} oc where oc.operator_id = ${staffAccounts.id} and oc.expires_at > ${nowSql})`,
    })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.status, 'active'), sql`'operator' = any(${staffAccounts.roles})`))
    .orderBy(staffAccounts.name, staffAccounts.id);

  const byOperator = new Map(
    (
      await db
        .select({ staffId: chatPalAnswers.staffId, ...percentiles })
        .from(chatPalAnswers)
        .where(inRange)
        .groupBy(chatPalAnswers.staffId)
    ).map((row) => [row.staffId, row]),
  );
  const byChatPal = await db
    .select({ id: profiles.publicId, name: profiles.name, site: profiles.siteId, ...percentiles })
    .from(chatPalAnswers)
    .innerJoin(profiles, eq(profiles.id, chatPalAnswers.chatPalId))
    .where(inRange)
    .groupBy(profiles.id)
    .orderBy(profiles.name, profiles.id);
  const [all] = await db.select(percentiles).from(chatPalAnswers).where(inRange);

  return {
    operators: operators.map((operator) => ({
      id: operator.id,
      name: operator.name,
      email: operator.email,
      chat_pals: operator.chatPals,
      waiting: operator.waiting,
      claimed: operator.claimed,
      ...timesOf(byOperator.get(operator.id)),
    })),
    chat_pals: byChatPal.map((row) => ({ id: row.id, name: row.name, site: row.site, ...timesOf(row) })),
    all: timesOf(all),
  };
}
