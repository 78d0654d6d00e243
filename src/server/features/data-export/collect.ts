/**
 * What a member's data export holds (docs/security.md 'Data export'): every row about the
 * member, read from the tables named in EXPORTED_TABLES, as JSON-ready objects. Secrets
 * that protect the member (password and token hashes, payment tokens, the sealed IBAN) and
 * other members' private data are left out; other members appear by their public profile id
 * and name, as the member sees them on the site.
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '#src/server/db/client.ts';
import {
  accountDeletions,
  accounts,
  billingHolds,
  blocks,
  complaints,
  conversationSides,
  conversations,
  creditLedger,
  dataExports,
  directDebitMandates,
  directDebitSessions,
  discountCodes,
  discountRedemptions,
  likes,
  messages,
  notificationMails,
  operatorNotes,
  orderHistory,
  orders,
  photos,
  profileInterests,
  profiles,
  pushSubscriptions,
  reports,
  searchFilters,
  sessions,
  storedPaymentMethods,
  swipes,
  systemMessages,
  trafficSources,
} from '#src/server/db/schema.ts';

/**
 * The tables whose rows about the member the export holds (by SQL name). Every other table
 * holding an account or profile id is listed in docs/security.md 'Data export' with the
 * reason it is not exported (tests/integration/data-export.test.ts walks the schema).
 */
export const EXPORTED_TABLES = [
  'accounts',
  'profiles',
  'profile_interests',
  'photos',
  'likes',
  'swipes',
  'blocks',
  'conversations',
  'conversation_sides',
  'messages',
  'system_messages',
  'operator_notes',
  'orders',
  'stored_payment_methods',
  'direct_debit_mandates',
  'direct_debit_sessions',
  'billing_holds',
  'credit_ledger',
  'discount_codes',
  'discount_redemptions',
  'notification_mails',
  'push_subscriptions',
  'search_filters',
  'sessions',
  'traffic_sources',
  'complaints',
  'reports',
  'account_deletions',
  'data_exports',
] as const;

/** Columns never exported: secrets that protect the member's account and payments. */
const SECRET_COLUMNS = new Set([
  'passwordHash',
  'tokenHash',
  'token',
  'ibanHash',
  'ibanSealed',
  'providerToken',
  'providerSession',
  'auth',
  'p256dh',
  'clientId',
  'operatorId',
  'staffOperatorId',
  'staffAuthorId',
  'authorId',
  'reviewedBy',
  'handledBy',
]);

type Row = Record<string, unknown>;

/** A row without its secret columns, dates as ISO text. */
function clean(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_COLUMNS.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
const cleanAll = (rows: Row[]) => rows.map(clean);

/** A photo file to put into the ZIP: its name there and its storage key. */
export interface ExportPhoto {
  name: string;
  storageKey: string;
}

export interface MemberExport {
  /** File name in the ZIP → its JSON content. */
  files: Record<string, unknown>;
  photos: ExportPhoto[];
}

/** Reads everything about an account (and its profile) for the export. */
export async function collectMemberData(db: Db, accountId: number): Promise<MemberExport> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new Error(`data export: no account ${accountId}`);
  const [profile] = await db.select().from(profiles).where(eq(profiles.accountId, accountId));
  const profileId = profile?.id ?? -1;

  const photoRows = await db.select().from(photos).where(eq(photos.profileId, profileId)).orderBy(asc(photos.position));
  const interestRows = await db.select().from(profileInterests).where(eq(profileInterests.profileId, profileId));

  // Other members as the site shows them: public id and name.
  const others = new Map<number, { profile: string; name: string }>();
  const nameOthers = async (ids: number[]) => {
    const missing = [...new Set(ids)].filter((id) => id !== profileId && !others.has(id));
    if (missing.length === 0) return;
    const rows = await db
      .select({ id: profiles.id, publicId: profiles.publicId, name: profiles.name })
      .from(profiles)
      .where(inArray(profiles.id, missing));
    for (const r of rows) others.set(r.id, { profile: r.publicId, name: r.name });
  };
  const who = (id: number) => (id === profileId ? 'me' : (others.get(id) ?? { profile: null, name: null }));

  const likeRows = await db
    .select()
    .from(likes)
    .where(or(eq(likes.likerId, profileId), eq(likes.likedId, profileId)));
  const swipeRows = await db.select().from(swipes).where(eq(swipes.swiperId, profileId));
  const blockRows = await db.select().from(blocks).where(eq(blocks.blockerId, profileId));
  const conversationRows = await db
    .select()
    .from(conversations)
    .where(or(eq(conversations.profileLow, profileId), eq(conversations.profileHigh, profileId)))
    .orderBy(asc(conversations.id));
  const conversationIds = conversationRows.map((c) => c.id);
  const messageRows = conversationIds.length
    ? await db
        .select()
        .from(messages)
        .where(inArray(messages.conversationId, conversationIds))
        .orderBy(asc(messages.id))
    : [];
  const sideRows = await db.select().from(conversationSides).where(eq(conversationSides.profileId, profileId));
  const noteRows = await db.select().from(operatorNotes).where(eq(operatorNotes.memberProfileId, profileId));
  await nameOthers([
    ...likeRows.flatMap((l) => [l.likerId, l.likedId]),
    ...swipeRows.map((s) => s.targetId),
    ...blockRows.map((b) => b.blockedId),
    ...conversationRows.flatMap((c) => [c.profileLow, c.profileHigh]),
  ]);

  const orderRows = await db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(asc(orders.id));
  const historyRows = orderRows.length
    ? await db
        .select()
        .from(orderHistory)
        .where(
          inArray(
            orderHistory.orderId,
            orderRows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderHistory.id))
    : [];

  const photoFiles = photoRows.map((p) => ({ name: `photos/${p.publicId}.jpg`, storageKey: p.storageKey }));
  const sides = new Map(sideRows.map((s) => [s.conversationId, s]));

  const files: Record<string, unknown> = {
    'account.json': {
      account: clean(account),
      billing_hold: cleanAll(await db.select().from(billingHolds).where(eq(billingHolds.accountId, accountId))),
    },
    'profile.json': {
      profile: profile ? clean(profile) : null,
      interests: interestRows.map((i) => i.interest),
      saved_search: cleanAll(await db.select().from(searchFilters).where(eq(searchFilters.accountId, accountId))),
      arrived_from: cleanAll(await db.select().from(trafficSources).where(eq(trafficSources.accountId, accountId))),
    },
    'photos.json': photoRows.map((p, i) => ({ ...clean(p), file: photoFiles[i]?.name })),
    'likes.json': {
      given: likeRows.filter((l) => l.likerId === profileId).map((l) => ({ ...clean(l), member: who(l.likedId) })),
      received: likeRows.filter((l) => l.likedId === profileId).map((l) => ({ ...clean(l), member: who(l.likerId) })),
      swipes: swipeRows.map((s) => ({ ...clean(s), member: who(s.targetId) })),
    },
    'blocks.json': blockRows.map((b) => ({ ...clean(b), member: who(b.blockedId) })),
    'conversations.json': {
      conversations: conversationRows.map((c) => ({
        ...clean(c),
        with: who(c.profileLow === profileId ? c.profileHigh : c.profileLow),
        my_side: sides.has(c.id) ? clean(sides.get(c.id) as Row) : null,
        messages: messageRows
          .filter((m) => m.conversationId === c.id)
          .map((m) => ({ ...clean(m), from: who(m.senderId) })),
      })),
      site_messages: cleanAll(
        await db
          .select()
          .from(systemMessages)
          .where(eq(systemMessages.accountId, accountId))
          .orderBy(asc(systemMessages.id)),
      ),
      chat_pal_notes: noteRows.map((n) => ({ text: n.text, createdAt: n.createdAt.toISOString() })),
    },
    'orders.json': {
      orders: orderRows.map((o) => ({
        ...clean(o),
        history: historyRows.filter((h) => h.orderId === o.id).map(clean),
      })),
      stored_payment_methods: cleanAll(
        await db.select().from(storedPaymentMethods).where(eq(storedPaymentMethods.accountId, accountId)),
      ),
      direct_debit_mandates: cleanAll(
        await db.select().from(directDebitMandates).where(eq(directDebitMandates.accountId, accountId)),
      ),
      direct_debit_sessions: cleanAll(
        await db.select().from(directDebitSessions).where(eq(directDebitSessions.accountId, accountId)),
      ),
      discount_codes_used: cleanAll(
        await db.select().from(discountRedemptions).where(eq(discountRedemptions.accountId, accountId)),
      ),
      personal_discount_codes: cleanAll(
        await db.select().from(discountCodes).where(eq(discountCodes.accountId, accountId)),
      ),
    },
    'ledger.json': cleanAll(
      await db.select().from(creditLedger).where(eq(creditLedger.accountId, accountId)).orderBy(asc(creditLedger.id)),
    ),
    'notifications.json': {
      email_preferences: account.emailPreferences,
      notifications_disabled: account.notificationsDisabled,
      push_subscriptions: (
        await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId))
      ).map((p) => ({
        ...clean(p),
        endpoint: new URL(p.endpoint).origin,
      })),
      mails_sent: cleanAll(await db.select().from(notificationMails).where(eq(notificationMails.accountId, accountId))),
    },
    'consents.json': {
      terms_accepted_at_signup: account.signupDate.toISOString(),
      email_confirmed_at: account.confirmedAt?.toISOString() ?? null,
      email_preferences: account.emailPreferences,
      push_notifications:
        (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId))).length > 0,
      invisible_mode: profile?.invisible ?? null,
      privacy_mode: profile?.privacyMode ?? null,
    },
    'logins.json': cleanAll(
      await db.select().from(sessions).where(eq(sessions.accountId, accountId)).orderBy(asc(sessions.id)),
    ),
    'other.json': {
      complaints: cleanAll(await db.select().from(complaints).where(eq(complaints.accountId, accountId))),
      reports_made: cleanAll(await db.select().from(reports).where(eq(reports.reporterId, accountId))),
      account_deletions: cleanAll(
        await db.select().from(accountDeletions).where(eq(accountDeletions.accountId, accountId)),
      ),
      earlier_exports: cleanAll(await db.select().from(dataExports).where(eq(dataExports.accountId, accountId))),
    },
  };
  return { files, photos: photoFiles };
}
