/**
 * Who may see whom (SPEC §4 Blocking, Invisible mode, Privacy mode; §6): one place for the
 * rules, as SQL conditions on `profiles`, so the profile page, related profiles, photos and
 * the search of the discovery issue apply the same ones.
 *
 * A profile is shown to a logged-in viewer of the same site when:
 * - it is active (a member's profile is active once the e-mail address is confirmed) and its
 *   account is confirmed, or it is a fictional chat pal;
 * - neither of the two blocked the other;
 * - it is in neither invisible nor privacy mode, or it is "in touch" with the viewer: it
 *   liked the viewer or wrote to the viewer, or (invisible only) the two exchanged messages
 *   (`inTouchWith`). (Invisible members must
 *   send the first message or like; their existing partners still see them. Privacy-mode
 *   members are seen only by members they liked or messaged.)
 * Search additionally leaves invisible members out entirely (`listedIn: 'search'`).
 */
import { and, eq, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { MODERATOR_ROLES } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import { accounts, blocks, conversations, likes, messages, profiles } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';

/** The logged-in member asking, with what their rights depend on. */
export interface Viewer {
  accountId: number;
  profileId: number;
  siteId: string;
  /** Premium (paid_user): sees premium-only photos. */
  paid: boolean;
  role: 'member' | 'moderator' | 'operator' | 'admin';
}

/**
 * The viewer as the conditions below need it: values, or placeholders of a prepared query
 * (`sql.placeholder`) that are filled in at each run.
 */
export interface ViewerRef {
  profileId: number | Placeholder;
  siteId: string | Placeholder;
}

/** The Viewer's columns, for a select of `accounts` joined with `profiles`. */
export const viewerColumns = {
  accountId: accounts.id,
  profileId: profiles.id,
  siteId: accounts.siteId,
  paid: accounts.paidUser,
  role: accounts.role,
};

/** The session's member on the request's site; null for a visitor or another site's account. */
export async function loadViewer(c: Context<AppEnv>): Promise<Viewer | null> {
  const session = c.get('session');
  if (!session) return null;
  const [row] = await viewerQuery(c.get('deps').database.db).execute({ accountId: session.accountId });
  const site = c.get('site');
  if (!row || (site && row.siteId !== site.id)) return null;
  return row;
}

/** Read by nearly every member call: a prepared statement, built once. */
const viewerQuery = preparedFor((db) =>
  db
    .select(viewerColumns)
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('viewer'),
);

export async function requireViewer(c: Context<AppEnv>): Promise<Viewer> {
  const viewer = await loadViewer(c);
  if (!viewer) throw fail('authentication_required');
  return viewer;
}

/** A member account with a moderator role (MODERATOR_ROLES) sees every photo, at full size. */
export function isStaff(viewer: Viewer | null): boolean {
  return viewer !== null && MODERATOR_ROLES.includes(viewer.role);
}

/** The profile is a confirmed member's active profile, or a fictional chat pal. */
export function isShownProfile(): SQL {
  return and(
    eq(profiles.status, 'active'),
    or(
      eq(profiles.type, 'fictional'),
      sql`exists (select 1 from ${accounts} where ${accounts.id} = ${profiles.accountId} and ${accounts.status} = 'confirmed')`,
    ),
  ) as SQL;
}

/** Either of the two blocked the other. */
export function blockedBetween(viewerProfileId: ViewerRef['profileId']): SQL {
  return sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${profiles.id} and ${blocks.blockedId} = ${viewerProfileId}) or (${blocks.blockerId} = ${viewerProfileId} and ${blocks.blockedId} = ${profiles.id}))`;
}

/**
 * The profile is in touch with the viewer: it liked the viewer, or it wrote in their
 * conversation, or (for a profile that is invisible but not in privacy mode) the two have
 * exchanged any message. Privacy-mode members are seen only by members they liked or
 * messaged themselves; an opened chat without messages puts nobody in touch.
 */
export function inTouchWith(viewerProfileId: ViewerRef['profileId']): SQL {
  return sql`(exists (select 1 from ${likes} where ${likes.likerId} = ${profiles.id} and ${likes.likedId} = ${viewerProfileId})
    or exists (select 1 from ${conversations} inner join ${messages} on ${messages.conversationId} = ${conversations.id}
      where ${conversations.profileLow} = least(${profiles.id}, ${viewerProfileId})::bigint
        and ${conversations.profileHigh} = greatest(${profiles.id}, ${viewerProfileId})::bigint
        and (${messages.senderId} = ${profiles.id} or ${profiles.privacyMode} = false)))`;
}

/**
 * The condition for `profiles` rows the viewer may see (the viewer's own profile excluded).
 * `listedIn: 'search'` also leaves out invisible members, whoever the viewer is.
 */
export function visibleTo(viewer: ViewerRef, options: { listedIn?: 'search' } = {}): SQL {
  const hidden = options.listedIn === 'search' ? sql`${profiles.invisible}` : sql`false`;
  return and(
    eq(profiles.siteId, viewer.siteId),
    ne(profiles.id, viewer.profileId),
    isShownProfile(),
    sql`not ${blockedBetween(viewer.profileId)}`,
    sql`not ${hidden}`,
    or(and(eq(profiles.invisible, false), eq(profiles.privacyMode, false)), inTouchWith(viewer.profileId)),
  ) as SQL;
}

/** Visitors (logged out) see only shown profiles in neither invisible nor privacy mode. */
export function visibleToVisitors(siteId: ViewerRef['siteId']): SQL {
  return and(
    eq(profiles.siteId, siteId),
    isShownProfile(),
    eq(profiles.invisible, false),
    eq(profiles.privacyMode, false),
  ) as SQL;
}

/** Whether the other profile blocked the viewer, the viewer blocked it, or neither. */
export async function blockBetween(
  db: Db,
  viewerProfileId: number,
  otherProfileId: number,
): Promise<'blocked_me' | 'blocked_by_me' | null> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, otherProfileId), eq(blocks.blockedId, viewerProfileId)),
        and(eq(blocks.blockerId, viewerProfileId), eq(blocks.blockedId, otherProfileId)),
      ),
    );
  // Blocked by the other wins: that viewer may see nothing of the profile.
  if (rows.some((r) => r.blockerId === otherProfileId)) return 'blocked_me';
  return rows.length > 0 ? 'blocked_by_me' : null;
}
