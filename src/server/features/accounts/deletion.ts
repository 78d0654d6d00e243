/**
 * Account deletion (SPEC §2.7 "Account deletion flow", §4 "Deleted"): the account and its
 * profile disappear at once, a link reactivates them within REACTIVATION_WINDOW_DAYS, and
 * after that the purge erases the member's personal data and photos for good. The credits
 * ledger keeps its rows, pseudonymous by account id.
 */
import { and, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DELETE_REASONS } from '#src/contract/accounts.ts';
import { REACTIVATION_WINDOW_DAYS } from '#src/lib/constants.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import {
  accountDeletions,
  accountEvents,
  conversations,
  directDebitMandates,
  directDebitSessions,
  smsCodes,
  systemMessages,
  accountTokens,
  accounts,
  photos,
  profiles,
  reports,
  searchFilters,
  sessions,
  trafficSources,
} from '#src/server/db/schema.ts';
import type { StorageProvider } from '#src/server/providers/storage/types.ts';
import { PHOTO_VARIANTS, isStorageKey, photoFileName } from '#src/server/features/photos/index.ts';
import { chatPhotoKeys, removeChatPhotos } from '#src/server/features/chat/index.ts';
import { link, type RequestContext } from '#src/server/platform/request-context.ts';
import { siteSettings } from '#src/server/features/site/index.ts';
import { sendAccountMail } from './mails.ts';
import { consumeToken, issueToken } from './tokens.ts';

const DAY = 24 * 3_600_000;
export const REACTIVATION_WINDOW_MS = REACTIVATION_WINDOW_DAYS * DAY;

/** Deletes the member's account; answers the partner URL to send them to, if any. */
export async function deleteAccount(
  ctx: RequestContext,
  accountId: number,
  input: {
    reason: (typeof DELETE_REASONS)[number];
    remarks?: string | undefined;
    /** Runs in the deletion's transaction when the account is deleted (the back office's audit entry). */
    inTransaction?: (tx: Tx) => Promise<void>;
  },
): Promise<string | null> {
  const { db, now } = ctx;
  const account = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: accounts.email, language: accounts.language, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!row?.email || (row.status !== 'confirmed' && row.status !== 'not_confirmed')) return null;
    await tx
      .update(accounts)
      .set({
        status: 'deleted',
        deletedAt: now,
        // Seeded members were confirmed without a date: keep what reactivation restores.
        ...(row.status === 'confirmed'
          ? { confirmedAt: sql`coalesce(${accounts.confirmedAt}, ${now.toISOString()}::timestamptz)` }
          : {}),
      })
      .where(eq(accounts.id, accountId));
    await tx.update(profiles).set({ status: 'disabled' }).where(eq(profiles.accountId, accountId));
    await tx.delete(sessions).where(eq(sessions.accountId, accountId));
    await tx.insert(accountDeletions).values({
      accountId,
      reason: input.reason,
      remarks: input.remarks ? input.remarks : null,
      createdAt: now,
    });
    await input.inTransaction?.(tx);
    const [profile] = await tx
      .select({ name: profiles.name })
      .from(profiles)
      .where(eq(profiles.accountId, accountId))
      .limit(1);
    return { ...row, email: row.email, name: profile?.name ?? '' };
  });
  if (account) await sendReactivationMail(ctx, accountId, account);
  return (await siteSettings(ctx)).delete_partner_url ?? null;
}

async function sendReactivationMail(
  ctx: RequestContext,
  accountId: number,
  account: { email: string; language: string; name: string },
): Promise<void> {
  const token = await issueToken(ctx.db, { accountId, kind: 'reactivation', now: ctx.now });
  await sendAccountMail(
    ctx,
    {
      kind: 'deleted',
      to: account.email,
      language: account.language,
      name: account.name,
      link: link(ctx, '/api/reactivate.php', token),
    },
    { bestEffort: true },
  );
}

/**
 * Mails a deleted account (still within the window) a new reactivation link: its owner tried
 * to log in with the right password (login.ts).
 */
export async function mailReactivationLink(ctx: RequestContext, accountId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ email: accounts.email, language: accounts.language, name: profiles.name })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (row?.email) await sendReactivationMail(ctx, accountId, { ...row, email: row.email, name: row.name ?? '' });
}

/** GET /api/reactivate.php: true when the link restored the account. */
export async function reactivate(ctx: RequestContext, token: string): Promise<boolean> {
  const { db, site, now } = ctx;
  const used = await consumeToken(db, 'reactivation', token, now);
  if (!used) return false;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        status: accounts.status,
        siteId: accounts.siteId,
        deletedAt: accounts.deletedAt,
        confirmedAt: accounts.confirmedAt,
      })
      .from(accounts)
      .where(eq(accounts.id, used.accountId))
      .for('update');
    if (!account || account.siteId !== site.id || account.status !== 'deleted' || !account.deletedAt) return false;
    if (now.getTime() - account.deletedAt.getTime() >= REACTIVATION_WINDOW_MS) return false;
    const confirmed = account.confirmedAt !== null;
    await tx
      .update(accounts)
      .set({ status: confirmed ? 'confirmed' : 'not_confirmed', deletedAt: null })
      .where(eq(accounts.id, used.accountId));
    // The profile is shown again as before: active once the address was confirmed.
    await tx
      .update(profiles)
      .set({ status: confirmed ? 'active' : 'disabled' })
      .where(eq(profiles.accountId, used.accountId));
    return true;
  });
}

/** How long the realtime log keeps events: a channel that was away longer reloads (polling, resync). */
export const EVENT_RETENTION_MS = 24 * 3_600_000;

/** Deletes realtime events older than EVENT_RETENTION_MS; answers how many. */
export async function pruneAccountEvents(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(accountEvents)
    .where(lt(accountEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)))
    .returning({ id: accountEvents.id });
  return deleted.length;
}

/**
 * Erases the personal data of accounts deleted at least REACTIVATION_WINDOW_DAYS ago: the
 * profile with its interests and photos (and the photo files no other photo row uses),
 * sessions, tokens, traffic source, saved search filters and deletion remarks. The account row stays as
 * status 'purged' without e-mail or password, so the credits ledger keeps its account id.
 * Also drops realtime events older than they are kept (docs/realtime.md). Answers the number
 * of purged accounts. (Counters and spent tokens of everyone are pruned by the other tasks of
 * the hourly job, src/server/jobs/hourly.ts.)
 */
export async function purgeDeletedAccounts(
  db: Db,
  now: Date,
  photoStorage: Pick<StorageProvider, 'delete'>,
): Promise<number> {
  // Realtime events carry message texts and names for a day; a purge never leaves older ones.
  await pruneAccountEvents(db, now);
  const due = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.status, 'deleted'),
        isNotNull(accounts.deletedAt),
        lte(accounts.deletedAt, new Date(now.getTime() - REACTIVATION_WINDOW_MS)),
      ),
    );
  let purged = 0;
  for (const { id } of due) {
    const keys = await db.transaction(async (tx) => {
      // Re-checked under the lock: a reactivation may have won the race.
      const [account] = await tx
        .select({ status: accounts.status })
        .from(accounts)
        .where(eq(accounts.id, id))
        .for('update');
      if (account?.status !== 'deleted') return null;
      const owned = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.accountId, id));
      const profileIds = owned.map((p) => p.id);
      let storageKeys: string[] = [];
      let chatPhotos: string[] = [];
      if (profileIds.length > 0) {
        // Conversations and their messages go with the profile (ON DELETE CASCADE); their
        // photo files are removed after the commit.
        const chats = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(or(inArray(conversations.profileLow, profileIds), inArray(conversations.profileHigh, profileIds)));
        chatPhotos = await chatPhotoKeys(
          tx,
          chats.map((chat) => chat.id),
        );
        const rows = await tx
          .select({ key: photos.storageKey })
          .from(photos)
          .where(inArray(photos.profileId, profileIds));
        storageKeys = [...new Set(rows.map((r) => r.key))];
        // Interests and photo rows go with the profile (ON DELETE CASCADE).
        await tx.delete(profiles).where(inArray(profiles.id, profileIds));
      }
      await tx.delete(sessions).where(eq(sessions.accountId, id));
      await tx.delete(systemMessages).where(eq(systemMessages.accountId, id));
      // Direct debit: unfinished sessions and codes go; signed mandates stay as the record of
      // the debits (reference, masked IBAN), without the holder's name and address.
      await tx.delete(directDebitSessions).where(eq(directDebitSessions.accountId, id));
      await tx.delete(smsCodes).where(eq(smsCodes.accountId, id));
      await tx
        .update(directDebitMandates)
        .set({ holder: '', street: '', houseNumber: '', postalCode: '', city: '' })
        .where(eq(directDebitMandates.accountId, id));
      await tx.delete(accountEvents).where(eq(accountEvents.accountId, id));
      await tx.delete(accountTokens).where(eq(accountTokens.accountId, id));
      await tx.delete(trafficSources).where(eq(trafficSources.accountId, id));
      await tx.delete(searchFilters).where(eq(searchFilters.accountId, id));
      await tx.update(accountDeletions).set({ remarks: null }).where(eq(accountDeletions.accountId, id));
      // Reports the member sent stay for the moderators (what was reported and why), without
      // their writer or the words they wrote.
      await tx.update(reports).set({ reporterId: null, details: null }).where(eq(reports.reporterId, id));
      await tx
        .update(accounts)
        .set({
          status: 'purged',
          email: null,
          passwordHash: null,
          signupIpHash: null,
          notificationsDisabled: [],
          emailPreferences: {},
          failedLogins: 0,
          failedLoginsSince: null,
          loginLockedUntil: null,
        })
        .where(eq(accounts.id, id));
      return { storageKeys, chatPhotos };
    });
    if (keys === null) continue;
    purged += 1;
    await removeChatPhotos(photoStorage, keys.chatPhotos);
    for (const key of keys.storageKeys) {
      if (!isStorageKey(key)) continue;
      // Seeded photos share pool files: keep a file that another photo row still uses.
      const [other] = await db.select({ id: photos.id }).from(photos).where(eq(photos.storageKey, key)).limit(1);
      if (other) continue;
      for (const variant of PHOTO_VARIANTS) await photoStorage.delete(photoFileName(key, variant));
    }
  }
  return purged;
}
